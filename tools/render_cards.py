"""Rasterise Adrian Kennard's CC0 SVG playing cards to the PNGs in assets/cards/.

pygame's SVG loader does not understand <symbol>/<use>, which every card in
this deck is built from, so the game ships PNGs made by this script instead.
It is a developer tool: neither it nor resvg-py is needed to run the game.

Where the SVGs come from
    The npm package @heruka_urgyen/react-playing-cards (version 0.5.0 was
    used) carries the deck from https://www.me.uk/cards/ in src/images/:

        mkdir -p /tmp/cards && cd /tmp/cards
        npm pack @heruka_urgyen/react-playing-cards@0.5.0
        tar xzf heruka_urgyen-react-playing-cards-0.5.0.tgz
        # -> /tmp/cards/package/src/images/{2color,4color,back.svg,...}

How to install resvg-py (in a throw-away venv, not the project's)
        python3 -m venv /tmp/cards/venv
        /tmp/cards/venv/bin/pip install resvg-py pillow

    Pillow is optional: with it the PNGs are re-saved losslessly with
    optimize=True (smaller files, same pixels), and --contact-sheet works.

Run (from the repository root)
        /tmp/cards/venv/bin/python tools/render_cards.py /tmp/cards/package/src/images

    SVG_DIR may also be the unpacked package root (the folder holding src/).

What it writes (under --out, default assets/cards/)
    2color/<TOKEN>.png, 4color/<TOKEN>.png
        TOKEN = rank + suit: ranks A 2 3 4 5 6 7 8 9 10 J Q K, suits C D H S
        (the SVGs spell ten "T"; the PNGs spell it "10"), plus JK.png for
        the joker (the package has one, 2J.svg; if a 1J.svg ever appears
        it becomes JK.png and 2J.svg becomes JK2.png).
    backs/<name>.png
        The package has one back (back.svg: a black diamond lattice). Each
        entry of BACKS below recolours that lattice in the SVG text before
        rasterising; "black" keeps the original.

Every card is rendered WIDTH (300) pixels wide, its height from the SVG's
own aspect ratio (2.5in x 3.5in, so 420), with transparent rounded corners.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

STYLES = ("2color", "4color")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
WIDTH = 300

# Back name -> fill colour of the diamond lattice (None = the original SVG).
BACKS: dict[str, str | None] = {
    "blue": "#1d4f9c",
    "red": "#b11f2b",
    "black": None,
}

REPO = Path(__file__).resolve().parent.parent


def svg_name_to_token(stem: str) -> str | None:
    """'TS' -> '10S', 'AH' -> 'AH', '2J' -> None (jokers are handled apart)."""
    m = re.fullmatch(r"([2-9TJQKA])([CDHS])", stem)
    if not m:
        return None
    rank, suit = m.groups()
    return ("10" if rank == "T" else rank) + suit


def find_images_dir(svg_dir: Path) -> Path:
    for cand in (svg_dir, svg_dir / "src" / "images", svg_dir / "package" / "src" / "images"):
        if all((cand / s).is_dir() for s in STYLES):
            return cand
    sys.exit(f"render_cards: no {'/'.join(STYLES)} folders in {svg_dir} (nor in its src/images)")


def recolour_back(svg: str, colour: str) -> str:
    """Replace the fill of the back's <pattern> (the lattice) with colour."""
    m = re.search(r"<pattern\b.*?</pattern>", svg, re.S)
    if not m:
        raise ValueError("back.svg has no <pattern>; cannot recolour it")
    pattern, n = re.subn(r'fill="[^"]*"', f'fill="{colour}"', m.group(0))
    if n == 0:
        raise ValueError("back.svg's <pattern> has no fill to recolour")
    return svg[: m.start()] + pattern + svg[m.end() :]


def render(svg_text: str, width: int) -> bytes:
    import resvg_py

    # The cards give their size in inches; resvg-py's default dpi of 0 makes
    # that a zero size ("SVG has an invalid size"), so give it CSS's 96.
    out = resvg_py.svg_to_bytes(svg_string=svg_text, width=width, dpi=96)
    if isinstance(out, str):  # very old resvg-py returned base64 text
        import base64

        return base64.b64decode(out)
    return bytes(out)


def optimise(png: bytes) -> bytes:
    """Lossless re-save with Pillow's optimize=True, if Pillow is there."""
    try:
        from PIL import Image
    except ImportError:
        return png
    im = Image.open(io.BytesIO(png))
    im.load()
    buf = io.BytesIO()
    im.save(buf, format="PNG", optimize=True)
    smaller = buf.getvalue()
    return smaller if len(smaller) < len(png) else png


def png_size(png: bytes) -> tuple[int, int]:
    # IHDR: width and height are the big-endian ints at bytes 16..24.
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def expected_height(svg_text: str, width: int) -> int:
    m = re.search(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)', svg_text)
    if not m:
        raise ValueError("SVG has no viewBox")
    vw, vh = float(m.group(1)), float(m.group(2))
    return round(width * vh / vw)


def write_png(svg_text: str, dest: Path, width: int) -> int:
    png = optimise(render(svg_text, width))
    w, h = png_size(png)
    want = (width, expected_height(svg_text, width))
    if abs(w - want[0]) > 1 or abs(h - want[1]) > 1:
        raise ValueError(f"{dest}: rendered {w}x{h}, expected {want[0]}x{want[1]}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(png)
    return len(png)


def jokers(style_dir: Path) -> dict[str, Path]:
    found = sorted(p for p in style_dir.glob("*J.svg") if re.fullmatch(r"\dJ", p.stem))
    if not found:
        raise ValueError(f"{style_dir}: no joker SVG")
    names = ["JK", "JK2"]
    if len(found) > len(names):
        raise ValueError(f"{style_dir}: more jokers than expected: {found}")
    return {names[i]: p for i, p in enumerate(found)}


def contact_sheet(out: Path, dest: Path, scale: float = 0.4) -> None:
    from PIL import Image

    rows: list[list[Path]] = []
    for style in STYLES:
        for suit in SUITS:
            rows.append([out / style / f"{r}{suit}.png" for r in RANKS])
        rows.append(sorted((out / style).glob("JK*.png")))
    rows.append(sorted((out / "backs").glob("*.png")))
    cw, ch = round(WIDTH * scale), round(WIDTH * 1.4 * scale)
    pad = 6
    cols = max(len(r) for r in rows)
    sheet = Image.new("RGB", (cols * (cw + pad) + pad, len(rows) * (ch + pad) + pad), (16, 92, 48))
    for y, row in enumerate(rows):
        for x, path in enumerate(row):
            im = Image.open(path).convert("RGBA").resize((cw, ch), Image.LANCZOS)
            sheet.paste(im, (pad + x * (cw + pad), pad + y * (ch + pad)), im)
    sheet.save(dest)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("svg_dir", type=Path, help="folder with 2color/, 4color/ and back.svg")
    ap.add_argument("--out", type=Path, default=REPO / "assets" / "cards")
    ap.add_argument("--width", type=int, default=WIDTH)
    ap.add_argument("--contact-sheet", type=Path, metavar="PNG",
                    help="also write a sheet of every card (needs Pillow); keep it out of the repo")
    args = ap.parse_args(argv)

    images = find_images_dir(args.svg_dir)
    total = count = 0
    for style in STYLES:
        sdir = images / style
        tokens = {}
        for svg in sorted(sdir.glob("*.svg")):
            tok = svg_name_to_token(svg.stem)
            if tok:
                tokens[tok] = svg
        missing = {r + s for r in RANKS for s in SUITS} - tokens.keys()
        if missing:
            sys.exit(f"render_cards: {sdir} lacks {sorted(missing)}")
        todo = dict(tokens)
        todo.update(jokers(sdir))
        for tok, svg in sorted(todo.items()):
            total += write_png(svg.read_text(encoding="utf-8"), args.out / style / f"{tok}.png", args.width)
            count += 1

    back_svg = images / "back.svg"
    if not back_svg.is_file():
        sys.exit(f"render_cards: no back.svg in {images}")
    back_text = back_svg.read_text(encoding="utf-8")
    for name, colour in BACKS.items():
        text = back_text if colour is None else recolour_back(back_text, colour)
        total += write_png(text, args.out / "backs" / f"{name}.png", args.width)
        count += 1

    print(f"wrote {count} PNGs, {total / 1024:.0f} KiB, to {args.out}")
    if args.contact_sheet:
        contact_sheet(args.out, args.contact_sheet)
        print(f"contact sheet: {args.contact_sheet}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
