# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_flipbook_global_optspecs
    string join \n book= new-player no-new-player seed= color= json h/help V/version
end

function __fish_flipbook_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_flipbook_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_flipbook_using_subcommand
    set -l cmd (__fish_flipbook_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c flipbook -n "__fish_flipbook_needs_command" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_needs_command" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_needs_command" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_needs_command" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_needs_command" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_needs_command" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_needs_command" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_needs_command" -s V -l version -d 'Print version'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "play" -d 'Walk the turn sequence segment by segment; resumes from the bookmark'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "where" -d 'Where the bookmark stands: turn, phase and segment'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "track" -d 'The turn track: every phase and segment of a turn, as the board\'s Turn Sequence chart draws it, with the turn\'s skips; done (✓), here (▶), ahead (·), skipped (–)'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "log" -d 'The game log of rolls and chits drawn (rolls made with `flipbook roll` during the game are marked "outside play", rolls taken back "undone")'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "games" -d 'The games of the book: each restart keeps the game before it, never overwriting one'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "profile" -d 'The current game\'s profile: the answers kept with the game and given from then on (the President\'s attributes, the difficulty…), each with its question'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "chart" -d 'Show one chart as a table; with inputs, the chosen column, the DRMs and the odds of each row'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "roll" -d 'Roll on a chart, or roll plain dice (d6, d10, 2d6)'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "charts" -d 'List the book\'s charts: id, die, title, where it is printed'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "books" -d 'List the books: embedded ones and your own'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "search" -d 'Find charts whose ids, titles, results or DRMs mention all the words'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "order" -d 'Put players in order by a rule of the book (turn order, initiative, placement turns)'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "check" -d 'Check your own book folder or chart file, and report every problem with its file, line and column'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "transcribe" -d 'Type in a chart the flipbook only names (D9, D14, the Master Action charts…) from your own booklet, once: it is then rolled, shown and searched like the others'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c flipbook -n "__fish_flipbook_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l goto -d 'Jump to a segment (e.g. fni, draw-chits, consequences)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l turn -d 'With --goto: the turn' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l phase -d 'With --goto: the phase (special, 1-4, final, end)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l restart -d 'Begin a new game at turn 1; the game before is kept (`flipbook games`), its profile carried over'
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l yes -d 'Do not ask before restarting'
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipbook -n "__fish_flipbook_using_subcommand where" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand where" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand where" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand where" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand where" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand where" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand where" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand track" -l turn -d 'This turn (default: the bookmark\'s, or turn 1 before the first game)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand track" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand track" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand track" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand track" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand track" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand track" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand track" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l turn -d 'Only this turn' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l game -d 'An earlier game\'s log (`flipbook games` numbers them; default: the current game)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l markdown -d 'As Markdown, to share a session report'
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand log" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand games" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand games" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand games" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand games" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand games" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand games" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand games" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -l set -d 'Keep an answer, checked like the question\'s own answers (e.g. `--set orator=yes`, or a loop\'s item as `--set range#6=3`)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -l clear -d 'Forget an answer: it is asked again next time' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand profile" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -l set -d 'An input of the chart, e.g. `--set approval=7` or `--set orator=yes`' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -l drm -d 'An ad-hoc modifier from a card or counter the chart does not list (shown as "extra")' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand chart" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l set -d 'An input of the chart, e.g. `--set approval=7`; missing ones are asked on a terminal' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l roll -d 'A die you rolled yourself; give one per die, in the order they are rolled' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l drm -d 'An ad-hoc modifier from a card or counter the chart does not list (shown as "extra")' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l no-log -d 'Do not add the roll to the open game\'s log (by default a game in progress logs it, marked as made outside `play`)'
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand roll" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand charts" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand charts" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand charts" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand charts" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand charts" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand charts" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand charts" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand books" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand books" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand books" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand books" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand books" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand books" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand books" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand search" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand search" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand search" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand search" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand search" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand search" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand search" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -l player -d 'A player and their values, in the current order (or clockwise from the starting player)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -l set -d 'A token held by a player, e.g. `--set naalu=Alice`' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand order" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand check" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand check" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand check" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand check" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand check" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand check" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand check" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l from -d 'Read the rows from a text file (`RANGE  RESULT` a line; `#` comments); without an id, every chart of a file with `[id]` headings, as --export writes it' -r -F
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l export -d 'Write all your transcriptions as one file (to FILE, or to standard output) that another player with the game can read with --from' -r -F
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l list -d 'List the charts the flipbook only names: those still to transcribe, and yours'
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand transcribe" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipbook -n "__fish_flipbook_using_subcommand completions" -l book -d 'The book to use (`flipbook books` lists them)' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand completions" -l seed -d 'Seed the dice: the same seed gives the same dice on every machine' -r
complete -c flipbook -n "__fish_flipbook_using_subcommand completions" -l color -d 'When to use colour (also off with a non-empty `NO_COLOR`)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c flipbook -n "__fish_flipbook_using_subcommand completions" -l new-player -d 'Use the optional new-player DRM (-1, for a new player of the Easier game)'
complete -c flipbook -n "__fish_flipbook_using_subcommand completions" -l no-new-player -d 'Do not use the new-player DRM, whatever the settings say'
complete -c flipbook -n "__fish_flipbook_using_subcommand completions" -l json -d 'Print JSON for scripts; never ask anything'
complete -c flipbook -n "__fish_flipbook_using_subcommand completions" -s h -l help -d 'Print help'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "play" -d 'Walk the turn sequence segment by segment; resumes from the bookmark'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "where" -d 'Where the bookmark stands: turn, phase and segment'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "track" -d 'The turn track: every phase and segment of a turn, as the board\'s Turn Sequence chart draws it, with the turn\'s skips; done (✓), here (▶), ahead (·), skipped (–)'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "log" -d 'The game log of rolls and chits drawn (rolls made with `flipbook roll` during the game are marked "outside play", rolls taken back "undone")'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "games" -d 'The games of the book: each restart keeps the game before it, never overwriting one'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "profile" -d 'The current game\'s profile: the answers kept with the game and given from then on (the President\'s attributes, the difficulty…), each with its question'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "chart" -d 'Show one chart as a table; with inputs, the chosen column, the DRMs and the odds of each row'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "roll" -d 'Roll on a chart, or roll plain dice (d6, d10, 2d6)'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "charts" -d 'List the book\'s charts: id, die, title, where it is printed'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "books" -d 'List the books: embedded ones and your own'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "search" -d 'Find charts whose ids, titles, results or DRMs mention all the words'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "order" -d 'Put players in order by a rule of the book (turn order, initiative, placement turns)'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "check" -d 'Check your own book folder or chart file, and report every problem with its file, line and column'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "transcribe" -d 'Type in a chart the flipbook only names (D9, D14, the Master Action charts…) from your own booklet, once: it is then rolled, shown and searched like the others'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "completions" -d 'Print a shell completion script'
complete -c flipbook -n "__fish_flipbook_using_subcommand help; and not __fish_seen_subcommand_from play where track log games profile chart roll charts books search order check transcribe completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
