"""The engines' refusals in the player's language (issue 48 item 1, game/ui/refusals.py).

Every code an engine raises has a template; in English the words are exactly today's
``shown(exc.message)``; in another language (the pseudo-language stands in for a catalogue) the
template is filled from the error's params, cards named as the table names them; the referee's JSON
never carries the params."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import i18n
from game.core.errors import IllegalAction
from game.core.hand_turn import REFUSAL_WORDS
from game.i18n import pseudo
from game.indian13 import Action as Action13
from game.indian13 import apply as apply13
from game.indian13.turn import REFUSALS as REFUSALS13
from game.indian21 import Action as Action21
from game.indian21 import apply as apply21
from game.indian21.turn import REFUSALS as REFUSALS21
from game.marriage import Action as ActionM
from game.marriage import apply as applyM
from game.referee import run
from game.replay import ReplayError
from game.replay.check import play
from game.ui.refusals import TEMPLATES, refusal_words, template_key
from game.ui.replay.source import reason as replay_reason
from game.ui.vazhushal.table.describe import reason
from game.ui.wording import card_text, shown
from game.vazhushal import GAME as GAME_V
from game.vazhushal import Action as ActionV
from game.vazhushal import apply as applyV
from game.vazhushal import to_json as to_jsonV
from tests import helpers as V
from tests.indian13 import helpers as I13
from tests.indian21 import helpers as I21
from tests.marriage import helpers as M

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ("game/core", "game/vazhushal", "game/indian13", "game/indian21", "game/marriage")
_RAISED = re.compile(r"""(?:IllegalAction\(|Verdict\(|refuse\(|pure_code=\()\s*["']([a-z_]+)["']""")
_RULE_ID = re.compile(r"\b[VITM]\d")


def engine_codes() -> set[str]:
    """Every refusal code in the engines' source, and in their tables of refusals."""
    codes = set(REFUSAL_WORDS) | set(REFUSALS13.table) | set(REFUSALS21.table)
    for folder in ENGINES:
        for path in (ROOT / folder).glob("*.py"):
            codes.update(_RAISED.findall(path.read_text(encoding="utf-8")))
    return codes


def template_texts(template) -> list[str]:
    """The English words of a template (both forms of a count's sentence, every branch tried)."""
    if isinstance(template, str):
        return [template]
    said: list[str] = []

    def ngettext(singular: str, plural: str, n: int) -> str:
        said.extend((singular, plural))
        return singular

    for exposed in (0, 1, 3):
        template(ngettext, {"need": 2, "exposed": exposed, "held": 13, "size": 4, "needed": 3})
    return said


def refused(apply, state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return info.value


def translated(words: str) -> bool:
    return pseudo.OPEN in words and not pseudo.english_words(words)


# A sample of real refusals per game: (name, refusal, the params' cards the words must carry).
def samples() -> list[tuple[str, IllegalAction, list[int]]]:
    K, Ks = V.K, V.Ks
    out = []
    v = V.make_state(hands=["2C 5C 9D 6H 7H 8H"], line="3D")
    out.append(("V discard before drawing", refused(applyV, v, ActionV.discard(0, K("2C"))), []))
    play = V.make_state(hands=["5S 6S 7S 2C"], phase="play")
    out.append(("V meld of a non-meld", refused(applyV, play, ActionV.meld_(0, [Ks("5S 6S")])), Ks("5S 6S")))
    out.append(("V card not held", refused(applyV, play, ActionV.meld_(0, [Ks("5S 6S 8S")])), [K("8S")]))
    out.append(("V bad line index", refused(applyV, V.make_state(hands=["2C 5C"], line="3D"),
                                            ActionV.take_line(0, 4, Ks("3D 3S 3H"))), []))
    i13 = I13.make_state(2)
    out.append(("I13 discard before drawing", refused(apply13, i13, Action13.discard(0, I13.K("4H"))), []))
    taken = apply13(I13.make_state(2, hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"], discard="9D"),
                    Action13.take_discard(0))
    out.append(("I13 discard the card taken", refused(apply13, taken, Action13.discard(0, I13.K("9D"))),
                [I13.K("9D")]))
    i21 = I21.make_state(2, discard="4C 9H")
    out.append(("I21 discard before drawing", refused(apply21, i21, Action21.discard(0, I21.K("4C"))), []))
    out.append(("I21 not your turn", refused(apply21, i21, Action21.draw_stock(1)), []))
    drawn = apply21(i21, Action21.draw_stock(0))
    out.append(("I21 declare other cards", refused(apply21, drawn, Action21.declare(0, I21.K("4C"), [])), []))
    expose = M.make_state(2, hands=["6H 6H 7H"], phase="expose", turn=1, dealer=0)
    out.append(("M expose a non-tunnela", refused(applyM, expose, ActionM.expose(1, M.groups("6H 6H 7H"))),
                M.Ks("6H 6H 7H")))
    one = M.make_state(2, hands=["AS 2S 3S 9C 10C JC"], exposed=["6H 6H 6H"], phase="discard")
    out.append(("M see the maal with wrong groups", refused(applyM, one, ActionM.see_maal(0, M.groups(
        "AS 2S 3S | 9C 10C JC | 6H 6H 6H"))), []))
    pure = M.make_state(2, hands=["AS 2S 3S 9C 10C JC 5D 5D 7H"], phase="discard")
    out.append(("M a group that is not pure", refused(applyM, pure, ActionM.see_maal(0, M.groups(
        "AS 2S 3S | 9C 10C JC | 5D 5D 7H"))), M.Ks("5D 5D 7H")))
    out.append(("M discard before drawing", refused(applyM, M.make_state(2), ActionM.discard(0, M.K("KC"))), []))
    return out


def test_every_code_an_engine_raises_has_a_template_and_no_template_names_a_rule():
    codes = engine_codes()
    assert {"draw_first", "wrong_see_groups", "illegal_meld", "premeld_not_pure", "show_cards_mismatch"} <= codes
    covered = {key.split(":")[0] for key in TEMPLATES}
    assert codes - covered == set(), "codes with no template"
    assert covered - codes == set(), "templates of no engine code"
    for key, template in TEMPLATES.items():
        for words in template_texts(template):
            assert not _RULE_ID.search(words), (key, words)
            assert words[:1].isupper() or words.startswith(("{", "'")), (key, words)


def test_in_english_the_words_are_exactly_todays():
    i18n.set_language("en")
    for name, exc, _cards in samples():
        assert refusal_words(exc) == shown(exc.message), name
        assert template_key(exc) is not None and exc.params is not None or exc.code == "deal_over", name


def test_in_another_language_the_template_is_filled_from_the_params(pseudo_language):
    for name, exc, cards in samples():
        words = refusal_words(exc)
        assert words != shown(exc.message), name
        assert words.startswith(pseudo.OPEN), (name, words)
        if exc.code != "not_your_turn":  # (a seat's name is a name, said as it is)
            assert translated(words), (name, words)
        for kind in cards:
            assert card_text(kind) in words, (name, words)
    wrong = dict((n, e) for n, e, _ in samples())["M see the maal with wrong groups"]
    assert "2" in refusal_words(wrong) and "{" not in refusal_words(wrong)


def test_vazhushal_reasons_keep_the_rule_for_the_question_mark(pseudo_language):
    exc = refused(applyV, V.make_state(hands=["5S 6S 7S 2C"], phase="play"), ActionV.meld_(0, [V.Ks("5S 6S 8S")]))
    said = reason(exc)
    assert said.startswith("V5.2: ") and translated(said[6:]) and card_text(V.K("8S")) in said
    i18n.set_language("en")
    assert reason(exc) == "V5.2: You do not hold the 8♠"


def test_a_refusal_without_params_is_said_only_where_its_sentence_needs_none(pseudo_language):
    """A host's refusal arrives as {code, rule, message}: a params-free sentence is translated, any
    other keeps the host's words; a damaged translation or a detail missing falls back too."""
    host = IllegalAction("discard_pile_empty", "I4.2", "")
    host.message = "the discard pile is empty; draw from the stock"
    assert translated(refusal_words(host))
    for code, rule, message in (("card_not_in_hand", "V5.3", "you do not hold the 9S"),
                                ("wrong_phase", "V5.1", "you have already drawn this turn"),
                                ("may_not_finish", "M7.3", "a seat that has not seen the maal may not finish"),
                                ("some_new_code", "V5", "words of a newer host")):
        assert refusal_words(IllegalAction(code, rule, message)) == shown(f"{rule}: {message}"), code
    missing = IllegalAction("card_not_in_hand", "V5.3", "you do not hold the 9S", {"card": None})
    assert refusal_words(missing) == "You do not hold the 9♠"


def test_params_never_reach_the_referees_json():
    state = V.make_state(hands=["5S 6S 7S 2C"], phase="play")
    doc = to_jsonV(state)
    report = run({"state": doc, "actions": [{"player": 0, "type": "meld", "melds": [["5S", "6S", "8S"]]}]})
    assert report == {"ok": False, "applied": 0, "state": doc, "error": {
        "index": 0, "code": "card_not_in_hand", "message": "V5.2: you do not hold the 8S"}}
    exc = refused(applyV, state, ActionV.meld_(0, [V.Ks("5S 6S 8S")]))
    assert exc.params == {"card": V.K("8S")} and exc.to_json() == {
        "code": "card_not_in_hand", "message": "V5.2: you do not hold the 8S"}


def test_a_replays_broken_rule_is_said_with_its_details(pseudo_language):
    state = V.make_state(hands=["5S 6S 7S 2C"], phase="play")
    with pytest.raises(ReplayError) as info:
        list(play(GAME_V, state, [{"seat": 0, "action": {"player": 0, "type": "discard", "card": "9D"}}]))
    said = replay_reason(info.value)
    assert card_text(V.K("9D")) in said and "9D" not in said and translated(said), said
    i18n.set_language("en")
    assert replay_reason(info.value) == "step 1 breaks a rule: You do not hold the 9♦"
