"""Nudges boxes apart: start at their geographic positions and push overlapping pairs apart along the
axis of least overlap, with a weak pull back to where geography puts them. Boxes: key -> (x, y, w, h)
centred; fixed keys never move."""


def relax(goal: dict, bounds: tuple[float, float, float, float], gap: float = 10, rounds: int = 800,
          fixed: frozenset = frozenset()) -> dict:
    pos = {k: [x, y] for k, (x, y, _, _) in goal.items()}
    size = {k: (w + gap, h + gap) for k, (_, _, w, h) in goal.items()}
    keys = list(pos)
    for n in range(rounds + 300):
        pull = 0.08 if n < rounds else 0.0  # the last rounds only push apart
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                pa, pb = pos[a], pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                w = (size[a][0] + size[b][0]) / 2
                h = (size[a][1] + size[b][1]) / 2
                ox, oy = w - abs(dx), h - abs(dy)
                if ox > 0 and oy > 0:
                    moved = True
                    ka = 0 if a in fixed else (1 if b not in fixed else 2)
                    kb = 0 if b in fixed else (1 if a not in fixed else 2)
                    if ox / w < oy / h:
                        s = (ox / 2 + 0.5) * (1 if dx >= 0 else -1)
                        pa[0] -= s * ka
                        pb[0] += s * kb
                    else:
                        s = (oy / 2 + 0.5) * (1 if dy >= 0 else -1)
                        pa[1] -= s * ka
                        pb[1] += s * kb
        for k, p in pos.items():
            if k in fixed:
                continue
            gx, gy = goal[k][0], goal[k][1]
            p[0] += (gx - p[0]) * pull
            p[1] += (gy - p[1]) * pull
            hw, hh = size[k][0] / 2, size[k][1] / 2
            p[0] = min(max(p[0], bounds[0] + hw), bounds[2] - hw)
            p[1] = min(max(p[1], bounds[1] + hh), bounds[3] - hh)
        if not moved and n >= rounds:
            break
    return {k: (x, y) for k, (x, y) in pos.items()}
