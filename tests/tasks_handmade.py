"""Hand-made ground tasks (built with build_task, no grounder): blocksworld, gripper, sliding puzzles."""

from __future__ import annotations

import random
from itertools import permutations

from agentgen_sym.compiler.task import GroundAtom, GroundTask, Operator, build_task


class _Facts:
    """Fact names to ids, created on first use."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def __call__(self, name: str) -> int:
        return self.ids.setdefault(name, len(self.ids))

    def names(self) -> list[GroundAtom]:
        return [GroundAtom.parse(name) for name in self.ids]


def blocksworld(init_towers: list[list[str]], goal_towers: list[list[str]]) -> GroundTask:
    """4-operator blocksworld; towers are listed bottom to top."""
    f = _Facts()
    blocks = sorted(b for tower in init_towers for b in tower)
    ops = []
    for x in blocks:
        ops.append(Operator("pick-up", (x,), pre=(f(f"clear {x}"), f(f"ontable {x}"), f("handempty")),
                            add=(f(f"holding {x}"),), delete=(f(f"clear {x}"), f(f"ontable {x}"), f("handempty"))))
        ops.append(Operator("put-down", (x,), pre=(f(f"holding {x}"),),
                            add=(f(f"clear {x}"), f(f"ontable {x}"), f("handempty")), delete=(f(f"holding {x}"),)))
    for x, y in permutations(blocks, 2):
        ops.append(Operator("stack", (x, y), pre=(f(f"holding {x}"), f(f"clear {y}")),
                            add=(f(f"on {x} {y}"), f(f"clear {x}"), f("handempty")),
                            delete=(f(f"holding {x}"), f(f"clear {y}"))))
        ops.append(Operator("unstack", (x, y),
                            pre=(f(f"on {x} {y}"), f(f"clear {x}"), f("handempty")),
                            add=(f(f"holding {x}"), f(f"clear {y}")),
                            delete=(f(f"on {x} {y}"), f(f"clear {x}"), f("handempty"))))

    def tower_facts(towers: list[list[str]]) -> list[int]:
        out = []
        for tower in towers:
            out.append(f(f"ontable {tower[0]}"))
            out += [f(f"on {a} {b}") for b, a in zip(tower, tower[1:])]
            out.append(f(f"clear {tower[-1]}"))
        return out

    init = tower_facts(init_towers) + [f("handempty")]
    goal = [fid for fid in tower_facts(goal_towers) if f.names()[fid].predicate != "clear"]
    return build_task(f.names(), init, goal, ops)


def gripper(n_balls: int) -> GroundTask:
    """Gripper: move ``n_balls`` balls from room a to room b with a two-handed robot."""
    f = _Facts()
    rooms, grippers = ("a", "b"), ("left", "right")
    balls = [f"ball{i}" for i in range(1, n_balls + 1)]
    ops = [Operator("move", (r, s), pre=(f(f"at-robby {r}"),), add=(f(f"at-robby {s}"),),
                    delete=(f(f"at-robby {r}"),)) for r, s in permutations(rooms, 2)]
    for b in balls:
        for r in rooms:
            for g in grippers:
                ops.append(Operator("pick", (b, r, g),
                                    pre=(f(f"at {b} {r}"), f(f"at-robby {r}"), f(f"free {g}")),
                                    add=(f(f"carry {b} {g}"),), delete=(f(f"at {b} {r}"), f(f"free {g}"))))
                ops.append(Operator("drop", (b, r, g),
                                    pre=(f(f"carry {b} {g}"), f(f"at-robby {r}")),
                                    add=(f(f"at {b} {r}"), f(f"free {g}")), delete=(f(f"carry {b} {g}"),)))
    init = [f("at-robby a"), f("free left"), f("free right")] + [f(f"at {b} a") for b in balls]
    return build_task(f.names(), init, [f(f"at {b} b") for b in balls], ops)


def sliding_puzzle(size: int, scramble: int, seed: int) -> GroundTask:
    """The (size^2 - 1)-puzzle, scrambled by ``scramble`` random blank moves from the goal (so solvable)."""
    f = _Facts()
    cells = [(r, c) for r in range(size) for c in range(size)]
    tiles = range(1, size * size)
    ops = []
    for (r, c) in cells:
        for (dr, dc) in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            to = (r + dr, c + dc)
            if to not in cells:
                continue
            for t in tiles:
                ops.append(Operator("slide",
                                    (str(t), f"c{r}{c}", f"c{to[0]}{to[1]}"),
                                    pre=(f(f"at {t} {r}{c}"), f(f"blank {to[0]}{to[1]}")),
                                    add=(f(f"at {t} {to[0]}{to[1]}"), f(f"blank {r}{c}")),
                                    delete=(f(f"at {t} {r}{c}"), f(f"blank {to[0]}{to[1]}"))))
    board = {cell: i + 1 for i, cell in enumerate(cells[:-1])}
    blank = cells[-1]
    goal = [f(f"at {t} {r}{c}") for (r, c), t in board.items()]
    rng = random.Random(seed)
    for _ in range(scramble):
        r, c = blank
        nxt = rng.choice([(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                          if (r + dr, c + dc) in cells])
        board[blank] = board.pop(nxt)
        blank = nxt
    init = [f(f"at {t} {r}{c}") for (r, c), t in board.items()] + [f(f"blank {blank[0]}{blank[1]}")]
    return build_task(f.names(), init, goal, ops)
