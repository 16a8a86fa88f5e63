#!/usr/bin/env python3
"""Key-count benchmark: drive turn 1 of Mr. President in `flipbook play`'s key mode, in a real
terminal (a private tmux server), with a fixed seed and the tool's dice (or, `--dice hand`, dice
the driver rolls and types in: a key a die), doing what the flipbook
asks (every mandatory roll, 12 chits - a chit in each draw, two of them with a (+) that draws
another -, the Focus counters' ranges spread from 1-2 to 1-5 with a focus picked on each success,
the 8 regions' Stability, the UN's 4 automatic actions...), and count the keys a player presses: per segment and in all.

The driver plays as a player reading the screen would: it presses the chart's number on the
Roll line (else `r` and finds it in the menu: arrows from the highlighted item, the shorter way
round; `.` for the chart just rolled again), answers a number by
typing it and Enter (no Enter when the number typed is taken as typed: no longer answer of its span
begins with it), or Enter when the answer shown is the one wanted, a menu by moving to the answer, a
yes/no by its key. Voluntary Actions (the Master Action charts) are not taken: they are the
player's choice, the same with or without the tool.

A key means one thing at any speed (no clock decides it), so the driver presses the next key as
soon as the screen is still; `--wait S` waits longer, as a slower player would (the count is the
same).

Usage: bench/keys.py BINARY [--cols N] [--seed N] [--dice tool|hand] [--wait S]
(bench/keys.sh builds and runs it)
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

# A number question's answer, by a word of its question (else the middle of its span); a list
# is answered in turn (each region's Stability differs).
NUMBERS = [
    (r"region's Stability", ["4", "5", "3", "6", "4", "7", "2", "5"]),
    # A turn-1 board: a few Terror Groups and Rogue States, a middling Congress and press.
    (r"Legislative Rating of your Congressional Friends", "14"),
    (r"Legislative Rating of your Congressional Opponents", "11"),
    (r"Media Rating of your Congressional Friends", "9"),
    (r"Media Rating of your Congressional Opponents", "12"),
    (r"level 3 or 4 Terror Groups", "1"),
    (r"Rogue State counters", "2"),
    (r"Reshuffle pile", "14"),
    # The evaluation of a middling first year (no impact: 22-25).
    (r"Public Approval value \(top left", "6"),
    (r"Relations with Congress\?", "5"),
    (r"Relations with Media\?", "5"),
    (r"Homeland Security\?", "6"),
    (r"Regional Alignment of 4 or less", "2"),
    (r"Public Approval", "52"),
    (r"State of the Economy|SoE", "5"),
    (r"Cabinet Effectiveness", "2"),
    (r"DRM|modifier", "0"),
]

# The six Focus counters of turn 1, by priority: the range printed on each and its focus (a
# spread of ranges, as the counters are placed: the widest on the first priority).
FOCUS = {
    "6": ("1-2", "Improve Cabinet Effectiveness"),
    "5": ("1-3", "Address Domestic Crisis"),
    "4": ("1-3", "Improve Public/Press Relations"),
    "3": ("1-4", "Improve Homeland Security"),
    "2": ("1-4", "Improve Economy"),
    "1": ("1-5", "Improve Relations with Congress"),
}

# Turn 1, segment by segment (by the title on screen): what a player does there.
#   ("roll", chart)          roll a chart (the menu's item, or found by typing)
#   ("chit", name)           the chit drawn, from the menu; its (+) answered No
#   ("pick",)                a loop's one question (which priorities have Tensions): none
PLAN = [
    ("Begin Turn", [("roll", "aps"), ("roll", "fni-counters")]),
    ("Improve Strategic Capabilities", [("roll", "capability"), ("roll", "capability")]),
    ("Set POTUS/Cabinet Focus", []),
    ("1 Action for POTUS", []),
    # Activation Phase 1
    ("Any 3 Actions", []),
    ("Russia or China Acts", [("roll", "russia-or-china"), ("roll", "named")]),
    ("Draw One Crisis Chit", [("chit", "Domestic Crisis (+)"), ("roll", "domestic-crisis"),
                              ("chit", "NSA 2")]),
    ("Ally/Rogue Group Acts", [("roll", "ally-group-a")] * 2),
    ("POTUS/Cabinet Focus Rolls", [("pick",)]),
    ("Media Relations, 2 Domestic", [("roll", "legislative-support"), ("roll", "pass-bill"),
                                     ("roll", "pass-bill"), ("roll", "legislation-effects"),
                                     ("roll", "congress-drama"), ("roll", "media-result")]),
    ("Draw One Crisis Chit (one only)", [("chit", "Good Times!"), ("roll", "good-times")]),
    ("Focused National Intelligence", [("roll", "fni"), ("roll", "fni")]),
    ("Any 4 Diplomatic", []),
    # Activation Phase 2
    ("Draw One Crisis Chit", [("chit", "Regional Summit (+)"), ("roll", "summit"),
                              ("chit", "Cascading Event 3")]),
    ("Any 3 Actions", []),
    ("Core Support", [("roll", "core-support")]),
    ("Resolve Terror Acts or Chaos", [("roll", "terror-or-chaos"), ("roll", "named")]),
    ("Ally/Rogue Group Acts", [("roll", "ally-group-b")] * 2),
    ("The UN Acts", [("roll", "un")] * 4),
    ("Three Domestic Actions", []),
    ("Draw One Crisis Chit", [("chit", "Cascading Event 2")]),
    ("War Progress", []),
    ("Any 4 Diplomatic", []),
    ("US SoE Impact", []),
    # Activation Phase 3
    ("Any 3 Actions", []),
    ("Russia or China Acts", [("roll", "peer")]),
    ("Draw One Crisis Chit", [("chit", "Random Regional Crisis"), ("roll", "crisis-region")]),
    ("Ally/Rogue Group Acts", [("roll", "ally-group-c")] * 2),
    ("POTUS/Cabinet Focus Rolls", [("pick",)]),
    ("Media Relations, 2 Domestic", [("roll", "legislative-support"), ("roll", "pass-bill"),
                                     ("roll", "legislation-effects"), ("roll", "congress-drama"),
                                     ("roll", "media-result")]),
    ("Draw One Crisis Chit (one only)", [("chit", "Crisis Cards")]),
    ("Focused National Intelligence", [("roll", "fni")] * 2),
    ("Any 4 Diplomatic", []),
    ("1 Action for POTUS", []),
    # Activation Phase 4
    ("Draw One Crisis Chit", [("chit", "Domestic Crisis"), ("roll", "domestic-crisis")]),
    ("Any 3 Actions", []),
    ("Core Support", [("roll", "core-support")]),
    ("Resolve Terror Acts or Chaos", [("roll", "terror-or-chaos"), ("roll", "named")]),
    ("Ally/Rogue Group Acts", [("roll", "ally-group-d")] * 2),
    ("The UN Acts", [("roll", "un")] * 4),
    ("Three Domestic Actions", []),
    ("Draw One Crisis Chit", [("chit", "Good Times!"), ("roll", "good-times")]),
    ("War Progress", []),
    ("Any 4 Diplomatic", []),
    ("US SoE Impact", []),
    # Final Activations
    ("Draw Crisis", [("chit", "Regional Summit (+)"), ("roll", "summit"), ("chit", "Good Times!"),
                     ("roll", "good-times")]),
    ("End Turn", [("roll", "end-turn"), ("chit?", "Crisis Cards")]),
    # End of Turn
    ("End of Turn Clean-up", []),
    ("Consequences", [("roll", "stability")] * 8 + [("roll", "region")] * 2
     + [("roll", "reshuffle")]),
    ("Presidential Performance Evaluation", [("roll", "evaluation")]),
]

# The board's yes/no questions (the checklist's: which rolls the flipbook requires), by a word
# of the question: a turn-1 board with bills pending, Terror Groups and a Civil War on it.
YESNO = [
    (r"Is any bill on the Pending Bills Track", "y"),
    (r"Bipartisan Cooperation in its leftmost box", "n"),
    (r"Bipartisan Cooperation box (now )?1 or more", "y"),
    (r"Is control of Congress split", "n"),
    (r"Lvl 2 or 3 Terror Group in any world region", "y"),
    (r"Civil War or CW Ceasefire counter on the board", "y"),
    (r"reach(ed)? MAJOR CRISIS|Major Crisis", "n"),
    (r"Is a Rogue State \(any level\) on the board", "y"),
    (r"Did that move start a War", "n"),
    (r"Civil War counter \(not a CW Ceasefire\)", "y"),
]

# The board's counts (a menu of numbers, each on its digit), by a word of the question; a list
# is answered in turn.
COUNTS = [
    (r"DARPA/Rapid Capabilities counters", "0"),
    (r"How many bills must you try to pass", ["2", "1"]),
    (r"How many bills were passed", ["1", "1"]),
    (r"scandals", "0"),
    (r"How many Wars", "0"),
    (r"Civil War and CW Ceasefire counters", "1"),
    (r"Civil War's \+1 Regional Crisis take to MAJOR CRISIS", "0"),
    (r"Trade Agreement counters", "0"),
    # Each group drawn holds two nations: a roll of its chart for each.
    (r"How many Ally and Rogue Nations", "2"),
]

COLS = [100]
VERBOSE = [False]
WAIT = [0.0]
# The faces the driver's own dice show, in turn (never a 1: "roll again on a 1" is the same
# either way), by the die's sides.
FACES = {6: "4 2 5 3 6 4 5".split(), 10: "5 7 3 8 4 6 9 2 0 7".split()}
ROLLED = {}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Term:
    def __init__(self, binary, cols, seed, home):
        self.sock = f"flipbook-keys-{os.getpid()}"
        env = f"env FLIPBOOK_HOME={home} NO_COLOR=1 TERM=xterm"
        cmd = f"{env} {binary} --seed {seed} play; sleep 600"
        self.tmux("new-session", "-d", "-s", "k", "-x", str(cols), "-y", "40", cmd)
        self.keys = 0
        self.last = 0.0
        # The first screen: still, and drawn (a slow start shows a blank one for a while).
        start = time.time()
        while not any(l.strip() for l in self.settle()):
            if time.time() - start > 20:
                raise SystemExit("flipbook did not start")
            time.sleep(0.1)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.sock, *args], check=True,
                              capture_output=True, text=True).stdout

    def close(self):
        subprocess.run(["tmux", "-L", self.sock, "kill-server"], capture_output=True)

    def screen(self):
        return [ANSI.sub("", l).rstrip() for l in self.tmux("capture-pane", "-p", "-t", "k").split("\n")]

    def settle(self, before=None):
        """Wait until the screen has changed (when `before` is given) and then stays still."""
        last, still, start = None, 0, time.time()
        while True:
            s = self.screen()
            if s == last:
                still += 1
            else:
                last, still = s, 0
            changed = before is None or s != before or time.time() - start > 2
            if changed and still >= 3:
                return s
            if time.time() - start > 20:
                raise SystemExit("the screen did not settle:\n" + "\n".join(s))
            time.sleep(0.04)

    def send(self, *keys, count=None):
        """Press keys (tmux names: Enter, Escape, Down, Up; or literal text, a key a char)."""
        before = self.screen()
        # The screen is still: the next key. `--wait` as a slower player would (the same count).
        wait = WAIT[0] - (time.time() - self.last)
        if wait > 0:
            time.sleep(wait)
        n = 0
        for k in keys:
            if k in ("Enter", "Escape", "Down", "Up", "Space", "BSpace"):
                self.tmux("send-keys", "-t", "k", k)
                n += 1
            else:
                self.tmux("send-keys", "-t", "k", "-l", k)
                n += len(k)
        self.keys += n if count is None else count
        screen = self.settle(before)
        self.last = time.time()
        return screen


def is_chit(prompt):
    """The chit menu's prompt: its question, or (when the question is too wide for the menu's
    one row and is said above it) the short prompt."""
    return "which did you draw" in prompt or prompt.startswith("? Drawn (")


def lines(screen):
    return [l for l in screen if l.strip()]


def state(screen):
    """What the screen waits for: ('idle',), ('input', prompt, text), ('confirm', prompt),
    ('menu', prompt, items, at) or ('over',)."""
    ls = lines(screen)
    status = max((i for i, l in enumerate(ls) if l.startswith("[Turn ")), default=-1)
    prompt = max((i for i, l in enumerate(ls) if l.startswith("? ")), default=-1)
    if prompt <= status:
        return ("idle", ls[status] if status >= 0 else "")
    p = ls[prompt]
    items = ls[prompt + 1:]
    if items and any(l.startswith("❯") for l in items):
        at = next(i for i, l in enumerate(items) if l.startswith("❯"))
        return ("menu", p, [l[2:] for l in items], at)
    # A question wider than the terminal wraps: its full rows and the next read as one line;
    # one broken at words, its rows up to the one with "›".
    i = prompt
    while i + 1 < len(ls) and len(ls[i]) >= COLS[0] - 1:
        p += ls[i + 1]
        i += 1
    while "›" not in p and "(y/n)" not in p and i + 1 < len(ls):
        p += " " + ls[i + 1]
        i += 1
    if "(y/n)" in p:
        return ("confirm", p)
    head, _, text = p.partition(" ›")
    return ("input", head, text.strip())


class Player:
    def __init__(self, term):
        self.t = term
        self.s = term.screen()
        self.last = None

    def press(self, *keys):
        st = state(self.s)
        if VERBOSE[0] and st[0] != "idle":
            print(f"      {st[1][:90]!r} <- {keys}", file=sys.stderr)
        elif VERBOSE[0]:
            print(f"      (idle) <- {keys}", file=sys.stderr)
        self.s = self.t.send(*keys)

    def choose(self, items, at, want):
        """Move from `at` to `want` the shorter way round, then Enter; a numbered item ("3)
        1-3") on its digit."""
        m = re.match(r"^(\d)\) ", items[want].strip())
        if m and want != at:
            self.press(m.group(1))
            return
        n = len(items)
        down = (want - at) % n
        up = (at - want) % n
        self.press(*(["Down"] * down if down <= up else ["Up"] * up), "Enter")

    def answer_all(self):
        """Answer every question until the walk waits for a key."""
        for _ in range(200):
            st = state(self.s)
            if st[0] == "idle":
                return
            if st[0] == "menu":
                _, p, items, at = st
                if is_chit(p):
                    return
                if "Tensions counter" in p:
                    self.press("Enter")
                elif "SoE 5 or more" in p:
                    # The board's SoE is 5 (NUMBERS): the second capability roll is due.
                    self.press("y")
                elif "game is over" in p:
                    return
                elif focus_pick(p, items) is not None:
                    self.choose(items, at, focus_pick(p, items))
                elif "Yes" in [i.strip() for i in items] and (yn := board(YESNO, p)):
                    # A yes/no menu of the board's: its key.
                    self.press(yn)
                elif (n := board(COUNTS, p)) is not None:
                    # A count of the board's: the number's own key.
                    self.press(n)
                else:
                    self.press("Enter")
            elif st[0] == "confirm" and "Still the same?" in st[1]:
                # Answers kept from an earlier roll, listed above: y when each is the board's.
                self.press("y" if all(kept_holds(l) for l in kept_lines(self.s)) else "n")
            elif st[0] == "confirm" and "SoE 5 or more" in st[1]:
                # The board's SoE is 5 (NUMBERS): the second capability roll is due.
                self.press("y")
            elif st[0] == "confirm" and (yn := board(YESNO, st[1])):
                self.press(yn)
            elif st[0] == "confirm":
                self.press("n")
            else:
                _, head, text = st
                if is_chit(head):
                    # The chit menu, caught before its items were drawn: the chit task answers.
                    return
                if head.startswith("? I rolled"):
                    # The driver's own dice: a key a die, no Enter.
                    m = re.search(r"\b(\d*)d(\d+)\b", head)
                    count, sides = int(m.group(1) or 1), int(m.group(2))
                    faces = FACES.get(sides, ["3"])
                    keys = []
                    for _ in range(count):
                        n = ROLLED.get(sides, 0)
                        ROLLED[sides] = n + 1
                        keys.append(faces[n % len(faces)])
                    self.press("".join(keys))
                    now = state(self.s)
                    if now[0] == "input" and now[1] == head:
                        # A build that wants Enter after a typed die (before issue 26).
                        self.press("Enter")
                    continue
                HEADS[head.rsplit(" (", 1)[0].removeprefix("? ")] = head
                want = number(head)
                if text.strip() == want:
                    self.press("Enter")
                    continue
                # Type the answer; if the kept one was not replaced by it, clear and retype. A
                # number no longer answer begins with is taken as typed: no Enter then.
                self.press(want)
                now = state(self.s)
                if now[0] == "input" and now[1] == head:
                    typed = now[2].split("  ")[0].strip()
                    if typed != want:
                        self.press(*["BSpace"] * len(typed))
                        self.press(want)
                    self.press("Enter")
        raise SystemExit("too many questions:\n" + "\n".join(self.s))

    def roll(self, chart):
        if chart == "peer":
            # Phase 3: the one that did not act in Phase 1, as the screen says.
            text = " ".join(self.s)
            chart = "china-acts" if "China acts now" in text else "russia-acts"
        again = chart == self.last and any(". again" in l for l in self.s)
        self.last = chart
        if again:
            self.press(".")
            self.answer_all()
            return
        # The Roll line numbers the segment's charts: a digit rolls one, "(r)" marks the one
        # the rules name next.
        numbered = roll_line(self.s)
        if chart == "named":
            chart = next((c for c, (_, due) in numbered.items() if due), chart)
        if chart in numbered:
            self.press(numbered[chart][0])
            st = state(self.s)
            if st[0] == "confirm" and "Nothing here calls for" in st[1]:
                # A chart the rules do not want now is asked first (issue 26): y, it is meant.
                self.press("y")
            self.answer_all()
            return
        if any(due for _, due in numbered.values()):
            # `r` would roll the chart marked "(r)": any other chart is the command menu's
            # "Roll another chart…".
            self.press("m")
            _, _, items, at = state(self.s)
            self.choose(items, at, next(i for i, l in enumerate(items) if "Roll another" in l))
            self.press(chart)
            self.press("Enter")
            self.answer_all()
            return
        self.press("r")
        st = state(self.s)
        if st[0] == "menu" and "Roll which chart? (type to filter)" in st[1]:
            self.press(chart)
            self.press("Enter")
        elif st[0] == "menu" and "Roll which chart" in st[1]:
            _, _, items, at = st
            if chart == "named":
                self.press("Enter")
            else:
                # "3 homeland-check - Homeland Security Check" (or, before the book's words,
                # "homeland-check - …").
                # "3 Homeland Security Check": by its title (an older build: "3 homeland-check -").
                want = next((i for i, l in enumerate(items)
                             if re.match(rf"^(\d )?{re.escape(chart)} - ", l)
                             or TITLES.get(re.sub(r"^\d ", "", l.strip())) == chart), None)
                if want is None:
                    another = next(i for i, l in enumerate(items) if l.startswith("Roll another"))
                    self.choose(items, at, another)
                    self.press(chart)
                    self.press("Enter")
                else:
                    self.choose(items, at, want)
        self.answer_all()

    def chit(self, name):
        """Draw a chit as a player finds it in the menu: its key, shown beside it (typed at the
        question before the menu once the player has seen it there; else Enter shows the
        list). A build before the keyed chits: a letter or two of its name, then the arrows."""
        CHITS.append(name)
        # The menu's items may not be drawn yet: look again (no key pressed) until they are.
        for _ in range(20):
            st = state(self.s)
            if not (st[0] == "input" and is_chit(st[1])):
                break
            time.sleep(0.05)
            self.s = self.t.screen()
        st = state(self.s)
        if st[0] == "menu" and is_chit(st[1]):
            learn(st[2])
        key = KEYED.get(name)
        if st[0] == "input" and is_chit(st[1]):
            # The question shown before its menu (just after a roll, an Enter meant for the
            # result is passed over): a chit's key takes it, once the player has seen it in the
            # menu; else Enter shows the list.
            if key is not None:
                self.press(key)
                self.answer_all()
                return
            self.press("Enter")
            st = state(self.s)
        elif not (st[0] == "menu" and is_chit(st[1])):
            self.press("a")
            st = state(self.s)
        if st[0] != "menu":
            raise SystemExit("no chit menu:\n" + "\n".join(self.s))
        learn(st[2])
        if name in KEYED:
            # Each chit on its key, shown beside it ("d Domestic Crisis").
            self.press(KEYED[name])
        else:
            # A build before the keyed chits: a letter or two of its name filters the menu.
            self.typed_chit(name, st)
        self.answer_all()

    def typed_chit(self, name, st):
        typed = 0

        def arrows(st):
            _, _, items, at = st
            want = next((i for i, l in enumerate(items) if l.strip() == name), None)
            if want is None:
                return None
            return min((want - at) % len(items), (at - want) % len(items))

        # A letter or two, while the arrows left are more than one.
        while "type to filter" in st[1] and typed < 2:
            now = arrows(st)
            if now is not None and now <= 1:
                break
            self.press(name[typed].lower())
            typed += 1
            st = state(self.s)
            if st[0] != "menu":
                raise SystemExit("no chit menu:\n" + "\n".join(self.s))
        if arrows(st) is None:
            # Filtered away: back to the whole list.
            self.press(*["BSpace"] * typed)
            st = state(self.s)
        _, _, items, at = st
        self.choose(items, at, next(i for i, l in enumerate(items) if l.strip() == name))

    def held(self):
        """Roll what the checklist still holds open here (a roll the flipbook requires that the
        plan did not name): the Roll line's "(r)" chart, on its digit."""
        for _ in range(12):
            status = status_line(self.s)
            if " open" not in status:
                return
            # A question put aside waits first ("answer first: … (a answers it)"): answered.
            if any(l.strip().startswith("answer first:") for l in lines(self.s)[-12:]):
                self.press("a")
                self.answer_all()
                continue
            due = [d for c, (d, r) in roll_line(self.s).items() if r]
            HELD.append(where(self.s))
            before = status
            if due:
                self.press(due[0])
            else:
                # Not marked on the Roll line: `r` offers the chart due next (a menu's cursor).
                self.press("r")
                if state(self.s)[0] == "menu":
                    self.press("Enter")
            self.answer_all()
            now = status_line(self.s)
            if now == before and not due:
                return

    def leave(self):
        self.press("n")
        for _ in range(3):
            st = state(self.s)
            if st[0] == "confirm" and "Leave with" in st[1]:
                # A roll the flipbook requires is still open (listed above the question): no,
                # roll it by its number, and leave again.
                # "○ roll Regional Stability Consequences (3 of 8 made)": by its title (an older
                # build: by its id).
                open_rolls = [TITLES.get(m.group(1), m.group(1)) for l in lines(self.s)
                              for m in [re.match(r"^\s*○ roll (.+?)(?: \(.*\))?$", l)] if m]
                numbered = roll_line(self.s)
                todo = [numbered[c][0] for c in open_rolls if c in numbered]
                if todo:
                    HELD.append(where(self.s))
                    self.press("n")
                    self.press(todo[0])
                    self.answer_all()
                    self.press("n")
                    continue
                LEFT_OPEN.append(where(self.s))
                self.press("y")
                if state(self.s)[0] == "confirm":
                    self.press("Enter")
            elif st[0] == "menu" and "Leave with" in st[1]:
                self.press("Enter")
            else:
                break


# Each chit's key, as the menu shows it ("d Domestic Crisis", "D Domestic Crisis (+)"): learnt
# from the menu once seen.
KEYED = {}


def learn(items):
    for l in items:
        m = re.match(r"^(\S) (.+)$", l.strip())
        if m and len(m.group(1)) == 1 and m.group(1).isalpha():
            KEYED[m.group(2)] = m.group(1)


def board(table, prompt):
    """The board's answer to a question of `table`, or None."""
    for pat, val in table:
        if re.search(pat, prompt):
            if isinstance(val, list):
                n = ASKED.setdefault(pat, 0)
                ASKED[pat] = n + 1
                return val[min(n, len(val) - 1)]
            return val
    return None


def focus_pick(prompt, items):
    """A Focus counter's range or focus, from FOCUS by its priority: the item's index."""
    m = re.search(r"Priority (\d) - ", prompt)
    if not m or m.group(1) not in FOCUS:
        return None
    rng, focus = FOCUS[m.group(1)]
    want = rng if "success range" in prompt else focus if "Which focus" in prompt else None
    if want is None:
        return None
    # A numbered menu's item reads "3) 1-3".
    return next((i for i, l in enumerate(items) if re.sub(r"^\d\) ", "", l.strip()) == want), None)


def status_line(screen):
    """The status line under the page ("[Turn 1 · … · 1 open]"), whole where it wraps."""
    ls = lines(screen)
    at = max((i for i, l in enumerate(ls) if l.startswith("[Turn ")), default=None)
    if at is None:
        return ""
    text = ls[at]
    for l in ls[at + 1:]:
        if text.endswith("]"):
            break
        text += " " + l.strip()
    return text


def roll_line(screen):
    """The Roll line's charts: {chart: (digit, is the one `r` offers)}."""
    ls = lines(screen)
    start = max((i for i, l in enumerate(ls) if l.startswith("Roll: ")), default=None)
    if start is None:
        return {}
    text = ls[start][len("Roll: "):]
    for l in ls[start + 1:]:
        if l.startswith("Keys: ") or l.startswith("? ") or l.startswith("["):
            break
        text += " · " + l
    out = {}
    for e in text.split(" · "):
        # "1 Regional Stability Consequences 2/8 (r)": a chart by its title (before the book's
        # words, its id); one of several rolls says how many are made.
        m = re.match(r"^(\d) (.+?)(?: \d+/\d+)?( \(r\))?$", e.strip())
        if m:
            name = m.group(2)
            out[TITLES.get(name, name)] = (m.group(1), bool(m.group(3)))
    return out


# The charts' ids by their titles (the Roll line names a chart by its title).
TITLES = {}


def load_titles(binary, home):
    import json
    env = dict(os.environ, FLIPBOOK_HOME=home)
    out = subprocess.run([binary, "charts", "--json"], capture_output=True, text=True, env=env)
    try:
        for c in json.loads(out.stdout)["charts"]:
            TITLES[c["title"]] = c["id"]
    except (ValueError, KeyError):
        pass


def where(screen):
    """The segment on screen: its last header or status line."""
    ls = [l for l in lines(screen) if re.match(r"^\[?Turn \d+ · ", l)]
    return re.sub(r"  \([^()]*\)$", "", ls[-1].strip("[]")) if ls else ""


def kept_lines(screen):
    """The kept answers listed above the last question: '· QUESTION ANSWER'."""
    ls = lines(screen)
    prompt = max(i for i, l in enumerate(ls) if l.startswith("? "))
    out = []
    for l in reversed(ls[:prompt]):
        if not l.strip().startswith("· "):
            break
        out.append(l.strip()[2:])
    return out


def kept_holds(line):
    """Whether a kept answer is the one the driver would give its question now (looked up by
    the question as it was last asked, with its span; a question cut with '…' by its start)."""
    ask, _, value = line.rpartition(" ")
    stem = ask.rstrip("…")
    head = next((h for q, h in HEADS.items() if q == ask or (ask.endswith("…") and q.startswith(stem))), None)
    return head is not None and number(head, peek=True) == value


def number(head, peek=False):
    m = re.search(r"\((-?\d+) to (-?\d+)\)\s*$", head)
    lo, hi = (int(m.group(1)), int(m.group(2))) if m else (0, 99)
    # A count of the board's typed (one of two digits or more ends with Enter).
    for pat, val in NUMBERS + COUNTS:
        if not re.search(pat, head):
            continue
        if isinstance(val, list):
            val = val[ASKED.setdefault(pat, 0) % len(val)]
            ASKED[pat] += 0 if peek else 1
        if lo <= int(val) <= hi:
            return val
    return str((lo + hi) // 2)


ASKED = {}
# The chits drawn, in turn.
CHITS = []
# The segments where a roll held open was made past the plan, and those left with one open.
HELD = []
LEFT_OPEN = []
# Each number question as last asked, with its span, by its question alone.
HEADS = {}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--cols", type=int, default=100)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--dice", choices=["tool", "hand"], default="tool")
    ap.add_argument("--wait", type=float, default=0.0)
    a = ap.parse_args()
    COLS[0] = a.cols
    VERBOSE[0] = a.verbose
    WAIT[0] = a.wait
    home = tempfile.mkdtemp(prefix="flipbook-keys-")
    if a.dice == "hand":
        os.makedirs(os.path.join(home, "config"), exist_ok=True)
        with open(os.path.join(home, "config", "settings.yaml"), "w") as f:
            f.write("dice: hand\n")
    load_titles(os.path.abspath(a.binary), home)
    t = Term(os.path.abspath(a.binary), a.cols, a.seed, home)
    rows = []
    per_chart = {}
    try:
        p = Player(t)
        for phase_i, (title, tasks) in enumerate(PLAN):
            k0 = t.keys
            p.answer_all()
            head = where(p.s)
            seg = (head.split(" · ") + ["", "", ""])[2]
            # A header wider than the terminal wraps: its first row names the segment's start.
            if title not in head and not (seg and title.startswith(seg.strip())):
                raise SystemExit(f"expected '{title}', the screen says: {head}")
            for task in tasks:
                kt = t.keys
                if task[0] == "roll":
                    p.roll(task[1])
                elif task[0] == "chit":
                    p.chit(task[1])
                elif task[0] == "chit?":
                    st = state(p.s)
                    if st[0] in ("menu", "input") and is_chit(st[1]):
                        p.chit(task[1])
                elif task[0] == "pick":
                    p.answer_all()
                per_chart.setdefault(task[1] if len(task) > 1 else task[0], []).append(t.keys - kt)
                if a.verbose:
                    print(f"    {task}: {t.keys - kt}", file=sys.stderr)
            kt = t.keys
            p.held()
            if t.keys > kt:
                per_chart.setdefault("held", []).append(t.keys - kt)
                if a.verbose:
                    print(f"    held open: {t.keys - kt}", file=sys.stderr)
            p.leave()
            if a.verbose:
                print(f"  {title}: {t.keys - k0}", file=sys.stderr)
            rows.append((head.split(" · ")[1:3], t.keys - k0))
        p.answer_all()
    finally:
        if a.verbose:
            print("\n".join(lines(t.screen())[-12:]), file=sys.stderr)
        t.close()
    dice = "tool dice" if a.dice == "tool" else "your own dice"
    print(f"turn 1 in key mode, seed {a.seed}, {dice}, {a.cols} columns: keys per segment")
    for (phase, seg), k in rows:
        print(f"{k:5}  {phase} · {seg}")
    print(f"{t.keys:5}  in all")
    focus = [k for (_, seg), k in rows if seg.startswith("POTUS/Cabinet Focus Rolls")]
    stab = per_chart["stability"]
    print(f"chits drawn: {len(CHITS)}")
    print(f"rolls held open made past the plan: {len(HELD)} ({'; '.join(HELD)})")
    print(f"segments left with something open: {len(LEFT_OPEN)} ({'; '.join(LEFT_OPEN)})")
    print(f"remembered Focus segment (Phase 3): {focus[-1]} keys")
    print(f"a repeated chart (8 Stability rolls): {' '.join(map(str, stab))} keys "
          f"({max(stab)} at most)")


if __name__ == "__main__":
    main()
