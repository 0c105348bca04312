"""How to play: the controls (mouse and keys) on one scrolling page, from
the title and the pause menu. The words are :data:`SECTIONS`, the same as
the README's table of keys (marked with ``N_``, translated when the page opens)."""

from __future__ import annotations

from game.i18n import N_, _
from game.rules.ruleset import RuleSet

from scenes.screens.rules_help import RulesScene

SECTIONS: list[tuple[str, str]] = [
    (N_("The aim"), N_("Make melds (sets of three or four of a rank, runs of three or more in a suit), lay off cards "
                "on any meld, and be first to {target} points. Each hand you score the cards you tabled, less "
                "the cards left in your hand. The Rules page says every rule.")),
    (N_("Your turn"), N_("Draw one card: click (or drag) the stock, or click a card of the discard pile to take it "
                  "and every card above it (you must then meld the card you clicked, this turn). Meld or lay "
                  "off if you like, then discard one card onto the discard pile.")),
    (N_("With the mouse"), N_("Click cards in your hand to select them. Drag the selection onto the felt to meld, "
                       "onto any meld to lay it off, onto the discard pile to discard, or along your hand to "
                       "rearrange it. Legal places light up blue while you drag; a move the rules refuse "
                       "springs back and says why. Hovering a discard-pile card shows what taking it brings.")),
    (N_("Cards laid off"), N_("Every meld lies in the area of the player who tabled it. A card laid off on it by "
                       "another player sits in the meld, in its place, framed in that player's colour (the colour "
                       "beside their name), and scores for them. Point at the card to see who laid it off; the "
                       "hand's results list it as laid off by them.")),
    (N_("Rummy!"), N_("When another player's discard (or a card below it) gives you a Rummy call, a Rummy! button "
               "shows for a few seconds (Settings: Time to call Rummy): press it or R and take the cards "
               "yourself. To spot calls on your own, set Settings: Rummy! button to “Always”.")),
    (N_("Several people at one computer"), N_(
        "When two or more people share this computer, only the person whose turn it is sees a hand face up; during "
        "a computer's turn every hand is face down. Between two people's turns a cover screen hides the table: pass "
        "the computer, then press Enter or click. After every discard (with Rummy calls on) everyone is asked the "
        "same question, whoever could call: “Rummy on Ana's discard?” with a button for each person and "
        "“No one”. There is no clock. A person who wants to call presses their name, sees their own hand after "
        "their cover screen, and calls (Rummy! or a pile card) or presses No Rummy (N); if they cannot call, they "
        "are told then. When everyone has answered, the first caller after the discarder takes the cards.")),
    # TRANSLATORS: keep the key names (Space, Enter, Esc, Page Up / Down, F11, F12, R, S, H, U, E, L) as printed on the keys
    (N_("Keys"), N_("← →  move along your hand, or along the table's places.\n"
             "↑ ↓  up to the table (stock, pile, new meld, each meld), down to your hand.\n"
             "Space  select the focused card.\n"
             "Enter  play the selection on the focused place (or draw / take there).\n"
             "R  Rummy!     S  sort by rank / by suit     H  hint, with why (the level chosen in Settings)\n"
             "U  undo this turn's melds and lay-offs (never a draw)     E  end the hand (stock empty)\n"
             "L  game log (wheel, ↑ ↓, Page Up / Down scroll it; + opens it larger)\n"
             "Esc  menu     F11  fullscreen     F12  screenshot")),
    (N_("People at one table"), N_("On New game, each seat after yours is a computer, a person at this computer "
                            "(with their name) or, when the table is hosted, open for a person at another "
                            "computer. Names must differ, and none may be the word the game uses for you. "
                            "Statistics count each person's games under their name.")),
    (N_("Tables across computers"), N_("Host: on New game set Table to “Hosted for other computers”, make a seat "
                                "Open and press Host the table…, then Open the table. Give your guests the "
                                "table code and an address the page shows; the game starts when every open "
                                "seat is taken. Remove takes a guest's seat away and bans them; a computer "
                                "plays on. Guests: New game → Join a table…, choose the table or type its "
                                "address, then the code and your name.")),
    (N_("When the host leaves"), N_("During the game, the host's Esc menu has Remove a guest: it removes and bans "
                             "the guest chosen, and a computer plays their seat. If the host leaves or the "
                             "host's game stops, the guests are told; Continue or Load game on the host's "
                             "computer opens the table again with the same code, the guests rejoin their "
                             "seats, and the game goes on from the save when all are back, or at once with "
                             "Play on.")),
    (N_("Across the internet"), N_("The host's computer must accept incoming TCP connections on the table's port "
                            "(50500 unless changed): allow it in its firewall. For guests outside your home, "
                            "open your router's settings page, find Port forwarding (or Virtual server), "
                            "forward TCP port 50500 to the host computer's local address (the first address "
                            "the Host page shows), and give guests your router's public address with the "
                            "port, such as 203.0.113.7:50500. Guests type that address; they need to open "
                            "nothing.")),
    (N_("Saving"), N_("Leaving the table keeps the game: Continue on the title resumes the game played last, "
               "Load game lists every game in progress (with Delete). Your sort order and the way you "
               "arranged your hand are kept too.")),
    # TRANSLATORS: keep the key names (Page Up / Down, Home, End, Space, V, R, Esc) as printed on the keys
    (N_("Replays"), N_("Statistics lists your finished games, each with Replay; you can also drop a game record "
                "on the window, or run rummy500 show FILE. In a replay, ← → step one action, Page Up / Down "
                "one turn, Home / End one hand; drag the slider anywhere in the game; Space plays and pauses. "
                "V shows every hand face up or the table as one player saw it; R reviews the hand shown. "
                "Watch in Load game shows a game in progress up to now, only as you saw it.")),
]


class HowToPlayScene(RulesScene):
    """The controls page (see the module docstring); Back or Esc closes it.
    ``enter(rules=None)``: the rules of the game it speaks of (the table's
    over a game, the ones chosen for the next game from the title), for the
    target score of "The aim" (R21); the standard rules by default."""

    has_questions = False  # its own words only: no Common questions page

    def enter(self, rules: RuleSet | None = None) -> None:
        super().enter(rules)
        target = f"{self.rules.target:,}"
        self.sections = [(_(head), _(text).format(target=target) if "{target}" in text else _(text))
                         for head, text in SECTIONS]

    def page_title(self) -> str:
        return _("How to play")
