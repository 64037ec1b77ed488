"""Game positions that more than one test module plays from (scenario text, as `parse_scenario`
reads it)."""

#: The learner's (seat 0's) 7s goes onto the left opponent's run 4s 5s 6s: discarding it feeds
#: the next player, which the coach's review flags.
FED = """\
description: seat 0 holds a 7s that goes onto the opponents' 4s 5s 6s, and a lone Kc.
rules: buraco
players: 4
seed: 3
turn: 0
phase: play
hand 0: 7s Kc 4d 9h Jd
hand 1: 3c 8h 10d Qh 4c
melds 1: 4s 5s 6s
discard: 2c
"""

#: The joker of seat 0's 5h 6h JK must move when the 4h comes, and may go to either end (3h or
#: 7h): the player chooses (``add 1 4h low`` / ``high``).
WILD = """\
description: the joker of 5h 6h must move when the 4h comes
rules: buraco
players: 4
seed: 1
turn: 0
phase: play
hand 0: 4h 9c 9d Kc
melds 0: 5h 6h JK
discard: 3c 8d
"""

#: Mid-hand: both sides have melds, the learner holds eleven cards and is to play.
MELDED = """\
description: both sides have melded; the learner is to play
rules: buraco
players: 4
seed: 3
turn: 0
phase: play
hand 0: 3c 5c 8c 9d Jd Qd 4s 6s Ks 7h 7d
melds 0: 5h 6h 7h 8h | Qc Qh Qs | 9s 10s Js Qs
melds 1: 4d 5d 6d 7d 8d | Kc Kh Kd
discard: 3c 8d
"""
