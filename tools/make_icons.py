"""Make the game's icons in assets/icons/ from the card art in assets/cards/.

A developer tool, run once and its output committed; the game and the builds
only read the files it writes. It needs Pillow (which writes .ico and .icns
on every platform), in a throw-away venv rather than the project's:

    python3 -m venv /tmp/icons && /tmp/icons/bin/pip install pillow
    /tmp/icons/bin/python tools/make_icons.py          # from the repository root

The picture: the ace of spades, the joker and the ace of hearts (two-colour
deck) fanned on a rounded square of table felt.

What it writes (under --out, default assets/icons/)
    rummy500.ico        Windows: the executable's icon (16 to 256 px)
    rummy500.icns       macOS: the .app bundle's icon (16 to 1024 px)
    rummy500-256.png    the window's icon (pygame.display.set_icon) and the
                        Linux desktop icon (hicolor 256x256)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

REPO = Path(__file__).resolve().parent.parent
SIZE = 1024  # the master picture, px
FELT = (22, 94, 58, 255)       # the table's felt green
FELT_EDGE = (12, 60, 36, 255)
CARDS = (("AS", -20.0), ("JK", 0.0), ("AH", 20.0))  # card token, tilt in degrees (left to right)
ICO_SIZES = [(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)]


def master(cards_dir: Path) -> Image.Image:
    """The icon at SIZE x SIZE px (RGBA): the cards fanned on the felt.
    Raises FileNotFoundError when a card PNG is missing."""
    img = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    margin, radius = SIZE // 32, SIZE // 5
    draw.rounded_rectangle((margin, margin, SIZE - margin, SIZE - margin), radius, fill=FELT_EDGE)
    edge = SIZE // 64
    draw.rounded_rectangle((margin + edge, margin + edge, SIZE - margin - edge, SIZE - margin - edge),
                           radius - edge, fill=FELT)
    card_h = int(SIZE * 0.62)
    pivot = (SIZE // 2, int(SIZE * 0.93))  # the fan turns about a point below the cards
    for token, angle in CARDS:
        card = Image.open(cards_dir / "2color" / f"{token}.png").convert("RGBA")
        card = card.resize((round(card.width * card_h / card.height), card_h), Image.LANCZOS)
        layer = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
        top_left = (SIZE // 2 - card.width // 2, int(SIZE * 0.16))
        shadow = Image.new("RGBA", card.size, (0, 0, 0, 110))
        shadow.putalpha(card.getchannel("A").point(lambda a: a * 110 // 255))
        layer.alpha_composite(shadow, (top_left[0] + SIZE // 80, top_left[1] + SIZE // 80))
        layer = layer.filter(ImageFilter.GaussianBlur(SIZE / 200))
        layer.alpha_composite(card, top_left)
        layer = layer.rotate(-angle, resample=Image.BICUBIC, center=pivot)
        img.alpha_composite(layer)
    return img


def write(img: Image.Image, out: Path) -> list[Path]:
    """Write the .ico, .icns and 256 px PNG of ``img`` into ``out``; returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    ico, icns, png = out / "rummy500.ico", out / "rummy500.icns", out / "rummy500-256.png"
    img.save(ico, sizes=ICO_SIZES)
    img.save(icns)  # Pillow writes every size from 16 to 1024 px
    img.resize((256, 256), Image.LANCZOS).save(png, optimize=True)
    return [ico, icns, png]


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--cards DIR`` (default assets/cards), ``--out DIR``
    (default assets/icons). Returns 0."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=Path, default=REPO / "assets" / "cards")
    ap.add_argument("--out", type=Path, default=REPO / "assets" / "icons")
    args = ap.parse_args(argv)
    for path in write(master(args.cards), args.out):
        print(f"{path} {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
