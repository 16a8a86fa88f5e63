
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'flipbook' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'flipbook'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'flipbook' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Walk the turn sequence segment by segment; resumes from the bookmark')
            [CompletionResult]::new('where', 'where', [CompletionResultType]::ParameterValue, 'Where the bookmark stands: turn, phase and segment')
            [CompletionResult]::new('track', 'track', [CompletionResultType]::ParameterValue, 'The turn track: every phase and segment of a turn, as the board''s Turn Sequence chart draws it, with the turn''s skips; done (✓), here (▶), ahead (·), skipped (–)')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'The game log of rolls and chits drawn (rolls made with `flipbook roll` during the game are marked "outside play", rolls taken back "undone")')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'The story of a game from its log: per turn the board values given, the rolls and the chits; a plot of every number asked in two turns or more; what the dice did')
            [CompletionResult]::new('games', 'games', [CompletionResultType]::ParameterValue, 'The games of the book: each restart keeps the game before it, never overwriting one')
            [CompletionResult]::new('profile', 'profile', [CompletionResultType]::ParameterValue, 'The current game''s profile: the answers kept with the game and given from then on (the President''s attributes, the difficulty…), each with its question')
            [CompletionResult]::new('chart', 'chart', [CompletionResultType]::ParameterValue, 'Show one chart as a table; with inputs, the chosen column, the DRMs and the odds of each row')
            [CompletionResult]::new('roll', 'roll', [CompletionResultType]::ParameterValue, 'Roll on a chart, or roll plain dice (d6, d10, 2d6)')
            [CompletionResult]::new('charts', 'charts', [CompletionResultType]::ParameterValue, 'List the book''s charts: id, die, title, where it is printed')
            [CompletionResult]::new('books', 'books', [CompletionResultType]::ParameterValue, 'List the books: embedded ones and your own')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Find charts whose ids, titles, results or DRMs mention all the words')
            [CompletionResult]::new('order', 'order', [CompletionResultType]::ParameterValue, 'Put players in order by a rule of the book (turn order, initiative, placement turns)')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check your own book folder or chart file, and report every problem with its file, line and column')
            [CompletionResult]::new('transcribe', 'transcribe', [CompletionResultType]::ParameterValue, 'Type in a chart the book only names (a `stub`: printed in a booklet it does not copy) from your own booklet, once: it is then rolled, shown and searched like the others')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (README: "Completions and the manual page"; `completions/` holds them too)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the manual page, as roff: `flipbook man | man -l -` reads it (`man/flipbook.1`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'flipbook;play' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--goto', '--goto', [CompletionResultType]::ParameterName, 'Jump to a segment (e.g. fni, draw-chits, consequences)')
            [CompletionResult]::new('--turn', '--turn', [CompletionResultType]::ParameterName, 'With --goto: the turn')
            [CompletionResult]::new('--phase', '--phase', [CompletionResultType]::ParameterName, 'With --goto: the phase, by its id in the book''s turn (a wrong one lists those that have the segment)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('--restart', '--restart', [CompletionResultType]::ParameterName, 'Begin a new game at turn 1; the game before is kept (`flipbook games`), its profile carried over')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask before restarting')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'flipbook;where' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;track' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--turn', '--turn', [CompletionResultType]::ParameterName, 'This turn (default: the bookmark''s, or turn 1 before the first game)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;log' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--turn', '--turn', [CompletionResultType]::ParameterName, 'Only this turn')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'An earlier game''s log (`flipbook games` numbers them; default: the current game)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('--markdown', '--markdown', [CompletionResultType]::ParameterName, 'As Markdown, to share a session report')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;report' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'An earlier game (`flipbook games` numbers them; default: the current game)')
            [CompletionResult]::new('--turn', '--turn', [CompletionResultType]::ParameterName, 'Only this turn''s story and dice (the plots stay the whole game''s)')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Write the plots as one SVG file (replaced whole; never a folder or a device)')
            [CompletionResult]::new('--html', '--html', [CompletionResultType]::ParameterName, 'Write the story and its plots as one self-contained HTML page')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'flipbook;games' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;profile' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Keep an answer, checked like the question''s own answers (e.g. `--set orator=yes`, or a loop''s item as `--set range#6=3`)')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'Forget an answer: it is asked again next time')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;chart' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'An input of the chart, e.g. `--set approval=7` or `--set orator=yes`')
            [CompletionResult]::new('--drm', '--drm', [CompletionResultType]::ParameterName, 'An ad-hoc modifier from a card or counter the chart does not list (shown as "extra")')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;roll' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'An input of the chart, e.g. `--set approval=7`; missing ones are asked on a terminal')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A die you rolled yourself; give one per die, in the order they are rolled')
            [CompletionResult]::new('--drm', '--drm', [CompletionResultType]::ParameterName, 'An ad-hoc modifier from a card or counter the chart does not list (shown as "extra")')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('--no-log', '--no-log', [CompletionResultType]::ParameterName, 'Do not add the roll to the open game''s log (by default a game in progress logs it, marked as made outside `play`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;charts' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;books' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;search' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;order' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--player', '--player', [CompletionResultType]::ParameterName, 'A player and their values, in the current order (or clockwise from the starting player)')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'A token held by a player, e.g. `--set naalu=Alice`')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;check' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;transcribe' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Read the rows from a text file (`RANGE  RESULT` a line; `#` comments); without an id, every chart of a file with `[id]` headings, as --export writes it')
            [CompletionResult]::new('--export', '--export', [CompletionResultType]::ParameterName, 'Write all your transcriptions as one file (to FILE, or to standard output) that another player with the game can read with --from')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'List the charts the book only names: those still to transcribe, and yours (--json too)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'flipbook;completions' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;man' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'The book to use (`flipbook books` lists them)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed the dice: the same seed gives the same dice on every machine')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (also off with a non-empty `NO_COLOR`)')
            [CompletionResult]::new('--new-player', '--new-player', [CompletionResultType]::ParameterName, 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)')
            [CompletionResult]::new('--no-new-player', '--no-new-player', [CompletionResultType]::ParameterName, 'Do not use the new-player DRM, whatever the settings say')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON for scripts; never ask anything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'flipbook;help' {
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Walk the turn sequence segment by segment; resumes from the bookmark')
            [CompletionResult]::new('where', 'where', [CompletionResultType]::ParameterValue, 'Where the bookmark stands: turn, phase and segment')
            [CompletionResult]::new('track', 'track', [CompletionResultType]::ParameterValue, 'The turn track: every phase and segment of a turn, as the board''s Turn Sequence chart draws it, with the turn''s skips; done (✓), here (▶), ahead (·), skipped (–)')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'The game log of rolls and chits drawn (rolls made with `flipbook roll` during the game are marked "outside play", rolls taken back "undone")')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'The story of a game from its log: per turn the board values given, the rolls and the chits; a plot of every number asked in two turns or more; what the dice did')
            [CompletionResult]::new('games', 'games', [CompletionResultType]::ParameterValue, 'The games of the book: each restart keeps the game before it, never overwriting one')
            [CompletionResult]::new('profile', 'profile', [CompletionResultType]::ParameterValue, 'The current game''s profile: the answers kept with the game and given from then on (the President''s attributes, the difficulty…), each with its question')
            [CompletionResult]::new('chart', 'chart', [CompletionResultType]::ParameterValue, 'Show one chart as a table; with inputs, the chosen column, the DRMs and the odds of each row')
            [CompletionResult]::new('roll', 'roll', [CompletionResultType]::ParameterValue, 'Roll on a chart, or roll plain dice (d6, d10, 2d6)')
            [CompletionResult]::new('charts', 'charts', [CompletionResultType]::ParameterValue, 'List the book''s charts: id, die, title, where it is printed')
            [CompletionResult]::new('books', 'books', [CompletionResultType]::ParameterValue, 'List the books: embedded ones and your own')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Find charts whose ids, titles, results or DRMs mention all the words')
            [CompletionResult]::new('order', 'order', [CompletionResultType]::ParameterValue, 'Put players in order by a rule of the book (turn order, initiative, placement turns)')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check your own book folder or chart file, and report every problem with its file, line and column')
            [CompletionResult]::new('transcribe', 'transcribe', [CompletionResultType]::ParameterValue, 'Type in a chart the book only names (a `stub`: printed in a booklet it does not copy) from your own booklet, once: it is then rolled, shown and searched like the others')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (README: "Completions and the manual page"; `completions/` holds them too)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the manual page, as roff: `flipbook man | man -l -` reads it (`man/flipbook.1`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'flipbook;help;play' {
            break
        }
        'flipbook;help;where' {
            break
        }
        'flipbook;help;track' {
            break
        }
        'flipbook;help;log' {
            break
        }
        'flipbook;help;report' {
            break
        }
        'flipbook;help;games' {
            break
        }
        'flipbook;help;profile' {
            break
        }
        'flipbook;help;chart' {
            break
        }
        'flipbook;help;roll' {
            break
        }
        'flipbook;help;charts' {
            break
        }
        'flipbook;help;books' {
            break
        }
        'flipbook;help;search' {
            break
        }
        'flipbook;help;order' {
            break
        }
        'flipbook;help;check' {
            break
        }
        'flipbook;help;transcribe' {
            break
        }
        'flipbook;help;completions' {
            break
        }
        'flipbook;help;man' {
            break
        }
        'flipbook;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
