"""Custom ids: every component's id is built and parsed in cogs.custom_ids, and round-trips."""

from __future__ import annotations

import pytest

from cogs.adapters import ButtonControl, SelectControl, SelectOption
from cogs.custom_ids import TABLE_CHOICE, ComponentId, parse, parse_values
from cogs.views import choice_view, hand_view, lobby_view, table_view, watch_view

# The ids the bot has always sent (messages sent before an upgrade must still work).
KNOWN = [
    ("rm:17:join", ComponentId(17, "join")),
    ("rm:17:leave", ComponentId(17, "leave")),
    ("rm:17:addbot", ComponentId(17, "addbot")),
    ("rm:17:start", ComponentId(17, "start")),
    ("rm:17:hand", ComponentId(17, "hand")),
    ("rm:17:back", ComponentId(17, "back")),
    ("rm:17:sort:rank", ComponentId(17, "sort", action="rank")),
    ("rm:17:autopass:hand", ComponentId(17, "autopass", action="hand")),
    ("rm:17:act:5:draw", ComponentId(17, "act", 5, "draw")),
    ("rm:17:act:5:ui_more", ComponentId(17, "act", 5, "ui_more")),
    ("rm:17:tact:12:claim", ComponentId(17, "tact", 12, "claim")),
    ("rs:17:5:discard", ComponentId(17, "select", 5, "discard")),
    ("rs:17:5:ui_lay", ComponentId(17, "select", 5, "ui_lay")),
    ("rs:17:5:table_choice", ComponentId(17, "choice", 5)),
    ("rm:17:watch", ComponentId(17, "watch")),
    ("rm:17:unshow", ComponentId(17, "unshow")),
    ("ru:17:show", ComponentId(17, "show")),
]


@pytest.mark.parametrize(("text", "cid"), KNOWN, ids=[k[0] for k in KNOWN])
def test_known_ids_parse_to_their_record_and_back(text: str, cid: ComponentId) -> None:
    assert parse(text) == cid
    assert str(cid) == text


@pytest.mark.parametrize("text", [
    "rm:17:act:x:draw",   # a version that is not a number
    "rm:17:act",          # no version at all
    "rm:17:tact::claim",
    "rm:17:bogus",        # a kind the bot never sends
    "rm:x:join",
    "xx:17:join",
    "rs:17:5:Discard",    # verbs are lower case
    "rs:17:v:discard",
    "rm:17:act:²:draw",   # digits that str.isdigit() accepts and int() refuses
    "rm:٣:join",          # digits of another script
    "rs:17:٣:discard",
    f"rm:{2**63}:join",   # a game id beyond the storage's 64 bits
    "rs:99999999999999999999:5:discard",
    "rm:17:act:" + "9" * 5000 + ":draw",
    "rm:17:sort:diagonal",  # an order the bot does not sort by
    "rm:17:sort",
    "rm:17:autopass:forever",  # a pass mode the hand's button never sets
    "rm:17:autopass:HAND",
    "rm:17:autopass",
    "rm:17:join:more",    # lobby and table buttons carry nothing more
    "rm:17:hand:",
    "rm:17:act:5:",       # a move that is no move
    "rm:17:act:5: ",
    "rm:17:act:5:draw\x00",  # nothing but printable ASCII
    "rm:17:act:5:discard ²H",
    "rm:17:act:5:" + "x" * 100,  # longer than Discord lets an id be
    "rm:17:join\n",
    "rm:17:watch:3",      # Watch carries nothing more
    "ru:17:show:5",
    "ru:17:shows",
    "ru:x:show",
    "",
])
def test_malformed_ids_are_not_ours(text: str) -> None:
    assert parse(text) is None


def test_the_largest_game_id_the_storage_holds_is_read() -> None:
    assert parse(f"rm:{2**63 - 1}:join") == ComponentId(2**63 - 1, "join")


@pytest.mark.parametrize(("values", "parsed"), [
    ([], ()), (["7H"], ("7H",)), (["claim 8H A high", "3 7C,7D,7S"],
                                  ("claim 8H A high", "3 7C,7D,7S")),
    (["²H"], None), (["𝟐H"], None), (["7H", ""], None), (["x" * 101], None),
    (["7H\x00"], None), ([str(i) for i in range(26)], None),
])
def test_select_values_are_short_printable_ascii(values: list[str],
                                                 parsed: tuple[str, ...] | None) -> None:
    assert parse_values(values) == parsed


def test_hand_controls_are_private_and_the_others_public() -> None:
    private = {cid.kind for _, cid in KNOWN if cid.is_private}
    assert private == {"sort", "autopass", "act", "select", "choice", "show", "unshow"}
    assert {cid.kind for _, cid in KNOWN if cid.is_select} == {"select", "choice", "show"}


def test_an_action_may_hold_colons() -> None:
    cid = parse("rm:3:act:9:take:2")
    assert cid == ComponentId(3, "act", 9, "take:2")
    assert cid is not None and str(cid) == "rm:3:act:9:take:2"


def test_only_a_hands_moves_are_checked_against_turn_and_version() -> None:
    moves = {cid.kind for _, cid in KNOWN if cid.is_hand_move}
    assert moves == {"act", "select"}


def _ids(view: object) -> list[str]:
    return [item.custom_id for item in view.children]  # type: ignore[attr-defined]


def test_every_view_sends_ids_the_parser_reads_back() -> None:
    controls = [ButtonControl("draw", "Draw"), ButtonControl("ui_more", "More"),
                SelectControl("discard", "Discard", [SelectOption("7H", "7♥")])]
    views = [
        lobby_view(4, "en"),
        table_view(4, "en", someone_replaced=True, version=8,
                   controls=[ButtonControl("claim", "Rummy!", "danger")]),
        hand_view(4, 8, controls, "en", "suit", ButtonControl("game", "Pass: this hand")),
        choice_view(4, 8, [SelectOption("claim 8H A", "on A")], "Which meld?"),
        watch_view(4, "en", showing=True),
    ]
    ids = [i for view in views for i in _ids(view)]
    assert ids == [
        "rm:4:join", "rm:4:leave", "rm:4:addbot", "rm:4:start", "rm:4:cancel",
        "rm:4:hand", "rm:4:watch", "rm:4:tact:8:claim", "rm:4:back",
        "rm:4:sort:rank", "rm:4:autopass:game", "rm:4:act:8:draw", "rm:4:act:8:ui_more",
        "rs:4:8:discard",
        f"rs:4:8:{TABLE_CHOICE}",
        "ru:4:show", "rm:4:unshow",
    ]
    for text in ids:
        cid = parse(text)
        assert cid is not None and str(cid) == text
