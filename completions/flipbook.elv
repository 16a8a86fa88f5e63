
use builtin;
use str;

set edit:completion:arg-completer[flipbook] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'flipbook'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'flipbook'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand play 'Walk the turn sequence segment by segment; resumes from the bookmark'
            cand where 'Where the bookmark stands: turn, phase and segment'
            cand track 'The turn track: every phase and segment of a turn, as the board''s Turn Sequence chart draws it, with the turn''s skips; done (✓), here (▶), ahead (·), skipped (–)'
            cand log 'The game log of rolls and chits drawn (rolls made with `flipbook roll` during the game are marked "outside play", rolls taken back "undone")'
            cand report 'The story of a game from its log: per turn the board values given, the rolls and the chits; a plot of every number asked in two turns or more; what the dice did'
            cand games 'The games of the book: each restart keeps the game before it, never overwriting one'
            cand profile 'The current game''s profile: the answers kept with the game and given from then on (the President''s attributes, the difficulty…), each with its question'
            cand chart 'Show one chart as a table; with inputs, the chosen column, the DRMs and the odds of each row'
            cand roll 'Roll on a chart, or roll plain dice (d6, d10, 2d6)'
            cand charts 'List the book''s charts: id, die, title, where it is printed'
            cand books 'List the books: embedded ones and your own'
            cand search 'Find charts whose ids, titles, results or DRMs mention all the words'
            cand order 'Put players in order by a rule of the book (turn order, initiative, placement turns)'
            cand check 'Check your own book folder or chart file, and report every problem with its file, line and column'
            cand transcribe 'Type in a chart the book only names (a `stub`: printed in a booklet it does not copy) from your own booklet, once: it is then rolled, shown and searched like the others'
            cand completions 'Print a shell completion script (README: "Completions and the manual page"; `completions/` holds them too)'
            cand man 'Print the manual page, as roff: `flipbook man | man -l -` reads it (`man/flipbook.1`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'flipbook;play'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --goto 'Jump to a segment (e.g. fni, draw-chits, consequences)'
            cand --turn 'With --goto: the turn'
            cand --phase 'With --goto: the phase, by its id in the book''s turn (a wrong one lists those that have the segment)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand --restart 'Begin a new game at turn 1; the game before is kept (`flipbook games`), its profile carried over'
            cand --yes 'Do not ask before restarting'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'flipbook;where'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;track'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --turn 'This turn (default: the bookmark''s, or turn 1 before the first game)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;log'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --turn 'Only this turn'
            cand --game 'An earlier game''s log (`flipbook games` numbers them; default: the current game)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand --markdown 'As Markdown, to share a session report'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;report'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --game 'An earlier game (`flipbook games` numbers them; default: the current game)'
            cand --turn 'Only this turn''s story and dice (the plots stay the whole game''s)'
            cand --svg 'Write the plots as one SVG file (replaced whole; never a folder or a device)'
            cand --html 'Write the story and its plots as one self-contained HTML page'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'flipbook;games'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;profile'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --set 'Keep an answer, checked like the question''s own answers (e.g. `--set orator=yes`, or a loop''s item as `--set range#6=3`)'
            cand --clear 'Forget an answer: it is asked again next time'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;chart'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --set 'An input of the chart, e.g. `--set approval=7` or `--set orator=yes`'
            cand --drm 'An ad-hoc modifier from a card or counter the chart does not list (shown as "extra")'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;roll'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --set 'An input of the chart, e.g. `--set approval=7`; missing ones are asked on a terminal'
            cand --roll 'A die you rolled yourself; give one per die, in the order they are rolled'
            cand --drm 'An ad-hoc modifier from a card or counter the chart does not list (shown as "extra")'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand --no-log 'Do not add the roll to the open game''s log (by default a game in progress logs it, marked as made outside `play`)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;charts'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;books'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;search'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;order'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --player 'A player and their values, in the current order (or clockwise from the starting player)'
            cand --set 'A token held by a player, e.g. `--set naalu=Alice`'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;check'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;transcribe'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --from 'Read the rows from a text file (`RANGE  RESULT` a line; `#` comments); without an id, every chart of a file with `[id]` headings, as --export writes it'
            cand --export 'Write all your transcriptions as one file (to FILE, or to standard output) that another player with the game can read with --from'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand --list 'List the charts the book only names: those still to transcribe, and yours (--json too)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'flipbook;completions'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;man'= {
            cand --book 'The book to use (`flipbook books` lists them)'
            cand --seed 'Seed the dice: the same seed gives the same dice on every machine'
            cand --color 'When to use colour (also off with a non-empty `NO_COLOR`)'
            cand --new-player 'Use the book''s optional new-player DRM (book.yaml''s `options`: a DRM for a new player)'
            cand --no-new-player 'Do not use the new-player DRM, whatever the settings say'
            cand --json 'Print JSON for scripts; never ask anything'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'flipbook;help'= {
            cand play 'Walk the turn sequence segment by segment; resumes from the bookmark'
            cand where 'Where the bookmark stands: turn, phase and segment'
            cand track 'The turn track: every phase and segment of a turn, as the board''s Turn Sequence chart draws it, with the turn''s skips; done (✓), here (▶), ahead (·), skipped (–)'
            cand log 'The game log of rolls and chits drawn (rolls made with `flipbook roll` during the game are marked "outside play", rolls taken back "undone")'
            cand report 'The story of a game from its log: per turn the board values given, the rolls and the chits; a plot of every number asked in two turns or more; what the dice did'
            cand games 'The games of the book: each restart keeps the game before it, never overwriting one'
            cand profile 'The current game''s profile: the answers kept with the game and given from then on (the President''s attributes, the difficulty…), each with its question'
            cand chart 'Show one chart as a table; with inputs, the chosen column, the DRMs and the odds of each row'
            cand roll 'Roll on a chart, or roll plain dice (d6, d10, 2d6)'
            cand charts 'List the book''s charts: id, die, title, where it is printed'
            cand books 'List the books: embedded ones and your own'
            cand search 'Find charts whose ids, titles, results or DRMs mention all the words'
            cand order 'Put players in order by a rule of the book (turn order, initiative, placement turns)'
            cand check 'Check your own book folder or chart file, and report every problem with its file, line and column'
            cand transcribe 'Type in a chart the book only names (a `stub`: printed in a booklet it does not copy) from your own booklet, once: it is then rolled, shown and searched like the others'
            cand completions 'Print a shell completion script (README: "Completions and the manual page"; `completions/` holds them too)'
            cand man 'Print the manual page, as roff: `flipbook man | man -l -` reads it (`man/flipbook.1`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'flipbook;help;play'= {
        }
        &'flipbook;help;where'= {
        }
        &'flipbook;help;track'= {
        }
        &'flipbook;help;log'= {
        }
        &'flipbook;help;report'= {
        }
        &'flipbook;help;games'= {
        }
        &'flipbook;help;profile'= {
        }
        &'flipbook;help;chart'= {
        }
        &'flipbook;help;roll'= {
        }
        &'flipbook;help;charts'= {
        }
        &'flipbook;help;books'= {
        }
        &'flipbook;help;search'= {
        }
        &'flipbook;help;order'= {
        }
        &'flipbook;help;check'= {
        }
        &'flipbook;help;transcribe'= {
        }
        &'flipbook;help;completions'= {
        }
        &'flipbook;help;man'= {
        }
        &'flipbook;help;help'= {
        }
    ]
    $completions[$command]
}
