"""Europa Base Alpha (2–4 players, optional Invaders expansion): race to build moon bases with dice.

Start options: ``invaders`` (bool, default False), ``undermine_limit`` (1 or 2, default 2; 1 is the
beginners' rule), ``ai`` (int, AI seats appended after the humans, named "AI 1", "AI 2"...).
The engine plays AI seats and seats marked away itself, so ``to_move`` never holds them.

Actions (``Action.of(kind, **args)``; ``legal_actions`` lists exactly the legal ones)
------------------------------------------------------------------------------------
Choose (step 1: simultaneous and secret; step 4, after a success: one seat at a time from First in
Flight, face up):
- ``choose {card: str}`` — play a card from your hand as your next Base card (in step 1 face down until
  all chose; in step 4 shown at once).
- ``finalize {}`` — only after a success this round: put this round's bases face down in your Built pile.
Undermine (one seat at a time from First in Flight, clockwise):
- ``undermine {card: str, target: int, plan?: str, discard?: str}`` — play a card's Undermining part on
  another seat's new base (at most ``undermine_limit`` per base); ``plan`` names the Future Planning
  card it destroys by its ability key, the only part on show (destroy_plan), ``discard`` the extra
  card its cost asks (cards with a cost).
- ``pass {}`` — end your undermining for this step.
Build (simultaneous; each builder works on their own dice only):
- ``roll {}`` — a main roll of every die not set aside (at most 3, fewer when undermined).
- ``keep {die: int}`` / ``release {die: int}`` — set a die aside or take it back (a Star set aside is
  locked: never rolled again, one Cut Corner token each); also marks which dice an ability rerolls.
- ``build {}`` — the dice meet the base: build it (Stars fill any gap, each one a Cut Corner token).
- ``stop {}`` — end the main rolls early.
- ``ingenuity {card: str, die?: int, undermine?: str, leave_stars?: bool}`` — play a card's Ingenuity
  part: after the main rolls fail, or between main rolls when its timing is "main"; ``die`` for
  set_face, ``undermine`` the card a cancel_undermine discards. Rerolls roll the matching dice not
  set aside; with ``leave_stars: true`` the loose Stars among them are not rolled (offered when a
  Star lies loose).
- ``use_plan {card: str, die?: int, leave_stars?: bool}`` — use one of your Future Planning cards once
  for this base.
- ``destroy {die: int}`` — an Invader result destroys one of your dice (Invaders only; must be done first).
- ``give_up {}`` — the base fails: every base of this round is lost with its Cut Corner tokens (offered
  after the main rolls, also when nothing in hand helps; only an empty hand fails by itself).
Plan (simultaneous and secret):
- ``plan {card: str}`` — place a hand card as a Future Planning card (never two of the same ability).
- ``no_plan {}`` — place none.
Redraw (simultaneous; not after the last round):
- ``redraw {discard: "id,id"}`` — discard those hand cards (sorted ids, may be "") and draw up to 5;
  with a big_hand plan ``redraw {discard, six}``: ``six`` draws up to 6 and gives a Cut Corner token.
Any time:
- ``away {}`` — (the bot, after missed deadlines) the engine plays this seat from now on.
- ``back {}`` — the seat plays for itself again.

``view(state, None)`` — the table (no secret)
---------------------------------------------
``{"game": "europa", "phase": "choose"|"undermine"|"build"|"plan"|"redraw"|"over", "round", "rounds",
"first": seat (First in Flight), "turn": seat undermining or choosing again (step 4) now | None,
"invaders": bool, "undermine_limit", "cut_corner": -2, "to_move": [seat], "deck_count", "discard_count",
"discard_top": card | None,
"players": [{seat, name, ai, away, status: "choosing"|"building"|"succeeded"|"finalized"|"failed",
  hand_count (a secretly picked card still counts until revealed), chosen: bool (secret base choice
  made), plan_chosen: bool, built_count,
  built: [card] only once the game is over (else None), tokens (Cut Corner tokens kept),
  round_tokens, plans: [{key, plan: {kind, text}}] (the planning part only),
  bases: [{card, tokens}] (built this round, public),
  attempt: None | {card, stage: "wait"|"main"|"rescue", rolls_left, rolled, need: {symbol: n},
    min_keep, wild_only: [colour], dice: [{die, colour: green|blue|red|invader, face: [symbol],
    rolled, kept, locked, destroyed}], destroy_pending, used_plans: [plan key], missing, stars, met,
    cut_corners_if_built},
  undermines: [card]}],
"outcome": None | {winners: [seat], reason, scores: [int], points: [int], tokens: [int]}}``
A card is ``{id, name, points, needs: {symbol: n}, invader, undermine: {kind, text, cost},
ingenuity: {kind, text, timing}, plan: {kind, text}}``; symbols are command, transport, tower, silo,
bunker, star (wild) and invader.

``view(state, seat)`` — the table view plus ``"you": {seat, hand: [card], choice: card | "finalize" |
None, plan_choice: card | "none" | None, built: [card], plans: [card], built_points, hints: [text]}``
(``hints``: rerolls held but not playable yet, and how many dice to set aside first).
"""

from __future__ import annotations

from typing import Any

from engine.core.shipped import Shipped
from engine.europa.content_load import DEFAULT_DIR, load_content
from engine.europa.model import SYMBOLS, Content
from engine.europa.rules import EuropaRules
from engine.europa.state import EuropaState

SHIPPED = Shipped(load_content, DEFAULT_DIR, EuropaRules)
shipped_content = SHIPPED.content
shipped_rules = SHIPPED.rules


def __getattr__(name: str) -> Any:
    return SHIPPED.attribute(__name__, name)


__all__ = [
    "CONTENT",
    "RULES",
    "SYMBOLS",
    "Content",
    "EuropaRules",
    "EuropaState",
    "load_content",
    "shipped_content",
    "shipped_rules",
]
