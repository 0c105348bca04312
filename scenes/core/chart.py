"""A line chart of totals, drawn with pygame: the game-over scene's running
totals per hand and the statistics' final totals of the last games."""

from __future__ import annotations

from typing import Sequence

import pygame

from scenes.core import theme as T


def chart_range(series: Sequence[Sequence[int]], ref: int | None = None) -> tuple[int, int, int]:
    """``(lo, hi, step)`` of a chart of ``series`` (points): the values at
    the frame's bottom and top edges and the grid step (100, or 250 beyond
    a 1,000-point range). ``lo`` is 0 or a multiple of ``step`` at or below
    the lowest value, so every grid line ``lo, lo + step, ... <= hi`` lies
    inside the frame; ``hi`` is the first multiple of ``step`` at or above
    the highest value (and ``ref``), so no point sits above the top line
    unless it is on it. Raises ``ValueError`` for no points."""
    lo = min(0, min(min(s) for s in series))
    hi = max(max(max(s) for s in series), ref if ref is not None else 0, lo + 1)
    step = 100 if hi - lo <= 1000 else 250
    return (lo // step) * step, -(-hi // step) * step, step  # the top is a grid line at or above every point


def draw_line_chart(surface: pygame.Surface, th: T.Theme, r: pygame.Rect, series: Sequence[Sequence[int]],
                    colours: Sequence[tuple[int, int, int]], *, x_label: str = "hand", first_x: int = 0,
                    ref: int | None = None, ref_label: str = "", bold: int | None = None) -> None:
    """Draw ``series`` (one list of points per line, all the same length) in
    ``r`` on a dark panel: a grid every 100 points (250 beyond a 1,000-point
    range) labelled at the left, x numbers from ``first_x`` below with
    ``x_label``, an optional gold line at ``ref`` (``ref_label`` over it),
    each series in its colour, lines thicker on bigger windows (``bold``:
    the index drawn thicker still). Nothing
    is drawn for no series or empty series."""
    if not series or not series[0]:
        return
    lo, hi, step = chart_range(series, ref)
    n = max(1, len(series[0]) - 1)
    T.draw_panel(surface, r.inflate(th.pad * 2, th.pad * 2), th.radius, (0, 0, 0, 90))

    single = len(series[0]) == 1  # one point: in the middle, one x number under it

    def pt(i, v):
        x = r.centerx if single else r.x + round(i * r.width / n)
        return (x, r.bottom - round((v - lo) * r.height / max(1, hi - lo)))

    v = lo
    while v <= hi:
        y = pt(0, v)[1]
        pygame.draw.line(surface, (60, 110, 80), (r.x, y), (r.right, y), 1)
        lab = T.text(str(v), th.small, T.TEXT_DIM)
        surface.blit(lab, (r.x - lab.get_width() - th.pad, y - lab.get_height() // 2))
        v += step
    if ref is not None:
        ty = pt(0, ref)[1]
        pygame.draw.line(surface, T.GOLD, (r.x, ty), (r.right, ty), 2)
        surface.blit(T.text(ref_label, th.small, T.GOLD), (r.x + th.pad, ty - th.small - 4))
    for i in range(0, 1 if single else n + 1, max(1, n // 12)):
        x = pt(i, lo)[0]
        lab = T.text(str(i + first_x), th.small, T.TEXT_DIM)
        surface.blit(lab, lab.get_rect(midtop=(x, r.bottom + th.pad)))
    surface.blit(T.text(x_label, th.small, T.TEXT_DIM), (r.right - th.body * 2, r.bottom + th.pad + th.small))
    width = max(2, round(th.pad / 4))  # 2 px at 720p, thicker on big windows
    for s, values in enumerate(series):
        pts = [pt(i, v) for i, v in enumerate(values)]
        colour = colours[s % len(colours)]
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, width + 1 if s == bold else width)
        for p in pts:
            pygame.draw.circle(surface, colour, p, width + 1)
