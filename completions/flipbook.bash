_flipbook() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="flipbook"
                ;;
            flipbook,books)
                cmd="flipbook__subcmd__books"
                ;;
            flipbook,chart)
                cmd="flipbook__subcmd__chart"
                ;;
            flipbook,charts)
                cmd="flipbook__subcmd__charts"
                ;;
            flipbook,check)
                cmd="flipbook__subcmd__check"
                ;;
            flipbook,completions)
                cmd="flipbook__subcmd__completions"
                ;;
            flipbook,games)
                cmd="flipbook__subcmd__games"
                ;;
            flipbook,help)
                cmd="flipbook__subcmd__help"
                ;;
            flipbook,log)
                cmd="flipbook__subcmd__log"
                ;;
            flipbook,man)
                cmd="flipbook__subcmd__man"
                ;;
            flipbook,order)
                cmd="flipbook__subcmd__order"
                ;;
            flipbook,play)
                cmd="flipbook__subcmd__play"
                ;;
            flipbook,profile)
                cmd="flipbook__subcmd__profile"
                ;;
            flipbook,report)
                cmd="flipbook__subcmd__report"
                ;;
            flipbook,roll)
                cmd="flipbook__subcmd__roll"
                ;;
            flipbook,search)
                cmd="flipbook__subcmd__search"
                ;;
            flipbook,track)
                cmd="flipbook__subcmd__track"
                ;;
            flipbook,transcribe)
                cmd="flipbook__subcmd__transcribe"
                ;;
            flipbook,where)
                cmd="flipbook__subcmd__where"
                ;;
            flipbook__subcmd__help,books)
                cmd="flipbook__subcmd__help__subcmd__books"
                ;;
            flipbook__subcmd__help,chart)
                cmd="flipbook__subcmd__help__subcmd__chart"
                ;;
            flipbook__subcmd__help,charts)
                cmd="flipbook__subcmd__help__subcmd__charts"
                ;;
            flipbook__subcmd__help,check)
                cmd="flipbook__subcmd__help__subcmd__check"
                ;;
            flipbook__subcmd__help,completions)
                cmd="flipbook__subcmd__help__subcmd__completions"
                ;;
            flipbook__subcmd__help,games)
                cmd="flipbook__subcmd__help__subcmd__games"
                ;;
            flipbook__subcmd__help,help)
                cmd="flipbook__subcmd__help__subcmd__help"
                ;;
            flipbook__subcmd__help,log)
                cmd="flipbook__subcmd__help__subcmd__log"
                ;;
            flipbook__subcmd__help,man)
                cmd="flipbook__subcmd__help__subcmd__man"
                ;;
            flipbook__subcmd__help,order)
                cmd="flipbook__subcmd__help__subcmd__order"
                ;;
            flipbook__subcmd__help,play)
                cmd="flipbook__subcmd__help__subcmd__play"
                ;;
            flipbook__subcmd__help,profile)
                cmd="flipbook__subcmd__help__subcmd__profile"
                ;;
            flipbook__subcmd__help,report)
                cmd="flipbook__subcmd__help__subcmd__report"
                ;;
            flipbook__subcmd__help,roll)
                cmd="flipbook__subcmd__help__subcmd__roll"
                ;;
            flipbook__subcmd__help,search)
                cmd="flipbook__subcmd__help__subcmd__search"
                ;;
            flipbook__subcmd__help,track)
                cmd="flipbook__subcmd__help__subcmd__track"
                ;;
            flipbook__subcmd__help,transcribe)
                cmd="flipbook__subcmd__help__subcmd__transcribe"
                ;;
            flipbook__subcmd__help,where)
                cmd="flipbook__subcmd__help__subcmd__where"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        flipbook)
            opts="-h -V --book --new-player --no-new-player --seed --color --json --help --version play where track log report games profile chart roll charts books search order check transcribe completions man help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__books)
            opts="-h --book --new-player --no-new-player --seed --color --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__chart)
            opts="-h --book --new-player --no-new-player --seed --color --json --set --drm --help action-points ally ally-group-a ally-group-b ally-group-c ally-group-d ally-rift aps arms-control arms-control-influence auto-loss bill broker-peace cabinet-drama cabinet-effectiveness cabinet-experience cabinet-focus cabinet-improvement capabilities capability chaos chaos-procedure china-action china-acts civil-war civil-war-resolution conflict congress-dismay congress-drama congressional-maneuvering core core-support crisis-region d14 d15 d17 d2 d5 d9 diplomatic-actions dismayed domestic-actions domestic-chaos domestic-chaos-d6 domestic-crisis domestic-crisis-event drama draw effectiveness election elections end-turn evaluation experience export-terror final-activations final-score first-choice fni fni-count fni-counters focus focus-roll focused-intel focused-national-intelligence gi global-influence good-times hand hand-size homeland-check homeland-security-check hs-check improve-cabinet improve-capability influence initiative-number intel-counters international-chaos intl-chaos legacy legacy-points legacy-sum legacy-total legislation-effects legislative-net legislative-support limits major-crisis master-diplomatic master-domestic master-military master-presidential media media-net media-result midterms military-actions new-year-deck nominated nomination pass pass-bill passed-legislation peer-acts performance placement placement-limit potus-focus ppe presidential-actions presidential-performance random-conflict random-region re-election recruiting reelection refugee-crisis region regional-crisis regional-major-crisis regional-stability regional-summit regions remembered reshuffle rogue-action rogue-nation-action rogue-recruit rogue-recruiting rogue-reduce rogue-reduction rogue-state-4 rogue-state-loss russia-action russia-acts russia-china russia-or-china sausage scandal scandals sign-or-veto sotu sou split-congress stability stability-consequences start-aps state-of-the-union strategic-capabilities strategy-card strategy-cards summit support terror terror-acts terror-chaos terror-or-chaos trade trade-agreement un un-action un-actions veteran wa1 wa2 wa3 wa4 war war-progress war-roll wd1 wd2 wd3 wd4 which-ally who-chooses wm1 wm4 wm5 wpc1 wpr1"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -W "action= approval= approval_legacy= approval_pct= bonus= box= card= chief_of_staff= china_cyber= china_recon= civil_war_success= civil_wars= congress= core= counter= country= cyber_higher= darpa= development= difficulty= disorganized= economy= effectiveness_bonus= efficient= events= final_evaluation= fni_intel= focus= friends= friends_media= goodwill= high_groups= homeland= iran_influence= kind= legacy_track= likeable= major_crisis= media= midterm_cards= minus_ap= new_war= nuke_track= opponents= opponents_media= orator= out_of_counters= paid_ap= party_relations= peacekeepers= peer_cyber_influence= peer_relations= pile= points= pre_war_intel= prestige= range= recon_higher= reelection= rogue= rogue_state= rogue_state_4= rogue_states= russia_cyber= russia_recon= secdef= share_un= spy_rings= stability= stuff= target= turn= un_action= us_cyber= us_recon= vps= weak_regions= wmd= world_opinion=" -- "${cur}"))
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o nospace
                    fi
                    return 0
                    ;;
                --drm)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__charts)
            opts="-h --book --new-player --no-new-player --seed --color --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__check)
            opts="-h --book --new-player --no-new-player --seed --color --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__completions)
            opts="-h --book --new-player --no-new-player --seed --color --json --help bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__games)
            opts="-h --book --new-player --no-new-player --seed --color --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help)
            opts="play where track log report games profile chart roll charts books search order check transcribe completions man help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__books)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__chart)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__charts)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__check)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__games)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__log)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__order)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__play)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__profile)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__report)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__roll)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__search)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__track)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__transcribe)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__help__subcmd__where)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__log)
            opts="-h --book --new-player --no-new-player --seed --color --json --turn --markdown --game --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --turn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --game)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__man)
            opts="-h --book --new-player --no-new-player --seed --color --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__order)
            opts="-h --book --new-player --no-new-player --seed --color --json --player --set --help initiative placement turn-order"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --player)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__play)
            opts="-h --book --new-player --no-new-player --seed --color --json --restart --yes --goto --turn --phase --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --goto)
                    COMPREPLY=($(compgen -W "allied ally-rogue announce any-3-actions any-4-actions axis-first axis-second begin-turn business cabinet-actions cleanup communist-threat consequences core-support covert-ops domestic-actions draw draw-chit draw-chits draw-chits-2 end-turn evaluation events events-revealed final-draw flexible-events fni focus-rolls game-end legacy legislative midterms next-start place-vps reelection reorder resolution reveal russia-or-china russian set-focus soe-impact state-of-the-union strategic-capabilities subversion terror-or-chaos un-acts war war-progress" -- "${cur}"))
                    return 0
                    ;;
                --turn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --phase)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__profile)
            opts="-h --book --new-player --no-new-player --seed --color --json --set --clear --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -W "action= approval= approval_legacy= approval_pct= bonus= box= card= chief_of_staff= china_cyber= china_recon= civil_war_success= civil_wars= congress= core= counter= country= cyber_higher= darpa= development= difficulty= disorganized= economy= effectiveness_bonus= efficient= events= final_evaluation= fni_intel= focus= friends= friends_media= goodwill= high_groups= homeland= iran_influence= kind= legacy_track= likeable= major_crisis= media= midterm_cards= minus_ap= new_war= nuke_track= opponents= opponents_media= orator= out_of_counters= paid_ap= party_relations= peacekeepers= peer_cyber_influence= peer_relations= pile= points= pre_war_intel= prestige= range= recon_higher= reelection= rogue= rogue_state= rogue_state_4= rogue_states= russia_cyber= russia_recon= secdef= share_un= spy_rings= stability= stuff= target= turn= un_action= us_cyber= us_recon= vps= weak_regions= wmd= world_opinion=" -- "${cur}"))
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o nospace
                    fi
                    return 0
                    ;;
                --clear)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__report)
            opts="-h --book --new-player --no-new-player --seed --color --json --game --turn --svg --html --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --game)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --turn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --svg)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --html)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__roll)
            opts="-h --book --new-player --no-new-player --seed --color --json --set --roll --drm --no-log --help d6 d10 2d6 action-points ally ally-group-a ally-group-b ally-group-c ally-group-d ally-rift aps arms-control arms-control-influence auto-loss bill broker-peace cabinet-drama cabinet-effectiveness cabinet-experience cabinet-focus cabinet-improvement capabilities capability chaos chaos-procedure china-action china-acts civil-war civil-war-resolution conflict congress-dismay congress-drama congressional-maneuvering core core-support crisis-region d14 d15 d17 d2 d5 d9 diplomatic-actions dismayed domestic-actions domestic-chaos domestic-chaos-d6 domestic-crisis domestic-crisis-event drama draw effectiveness election elections end-turn evaluation experience export-terror final-activations final-score first-choice fni fni-count fni-counters focus focus-roll focused-intel focused-national-intelligence gi global-influence good-times hand hand-size homeland-check homeland-security-check hs-check improve-cabinet improve-capability influence initiative-number intel-counters international-chaos intl-chaos legacy legacy-points legacy-sum legacy-total legislation-effects legislative-net legislative-support limits major-crisis master-diplomatic master-domestic master-military master-presidential media media-net media-result midterms military-actions new-year-deck nominated nomination pass pass-bill passed-legislation peer-acts performance placement placement-limit potus-focus ppe presidential-actions presidential-performance random-conflict random-region re-election recruiting reelection refugee-crisis region regional-crisis regional-major-crisis regional-stability regional-summit regions remembered reshuffle rogue-action rogue-nation-action rogue-recruit rogue-recruiting rogue-reduce rogue-reduction rogue-state-4 rogue-state-loss russia-action russia-acts russia-china russia-or-china sausage scandal scandals sign-or-veto sotu sou split-congress stability stability-consequences start-aps state-of-the-union strategic-capabilities strategy-card strategy-cards summit support terror terror-acts terror-chaos terror-or-chaos trade trade-agreement un un-action un-actions veteran wa1 wa2 wa3 wa4 war war-progress war-roll wd1 wd2 wd3 wd4 which-ally who-chooses wm1 wm4 wm5 wpc1 wpr1"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -W "action= approval= approval_legacy= approval_pct= bonus= box= card= chief_of_staff= china_cyber= china_recon= civil_war_success= civil_wars= congress= core= counter= country= cyber_higher= darpa= development= difficulty= disorganized= economy= effectiveness_bonus= efficient= events= final_evaluation= fni_intel= focus= friends= friends_media= goodwill= high_groups= homeland= iran_influence= kind= legacy_track= likeable= major_crisis= media= midterm_cards= minus_ap= new_war= nuke_track= opponents= opponents_media= orator= out_of_counters= paid_ap= party_relations= peacekeepers= peer_cyber_influence= peer_relations= pile= points= pre_war_intel= prestige= range= recon_higher= reelection= rogue= rogue_state= rogue_state_4= rogue_states= russia_cyber= russia_recon= secdef= share_un= spy_rings= stability= stuff= target= turn= un_action= us_cyber= us_recon= vps= weak_regions= wmd= world_opinion=" -- "${cur}"))
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o nospace
                    fi
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --drm)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__search)
            opts="-h --book --new-player --no-new-player --seed --color --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__track)
            opts="-h --book --new-player --no-new-player --seed --color --json --turn --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --turn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__transcribe)
            opts="-h --book --new-player --no-new-player --seed --color --json --from --list --export --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --export)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        flipbook__subcmd__where)
            opts="-h --book --new-player --no-new-player --seed --color --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -W "awaw bastards-inc ideology mr-president ti4" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _flipbook -o nosort -o bashdefault -o default flipbook
else
    complete -F _flipbook -o bashdefault -o default flipbook
fi
