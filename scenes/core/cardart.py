"""Card faces, backs and shadows, scaled once per size and cached.

Faces are the PNGs under ``assets/cards/<style>/<TOKEN>.png`` (``2color``
or ``4color``), backs ``assets/cards/backs/<name>.png``. Each is loaded once,
``convert_alpha()``-ed, and smooth-scaled once per card height (heights are
rounded to 2 px so a moving, growing card does not fill the cache). A joker
carries a "JOKER" tag (the art has no corner index) and, once tabled, the
card it stands for. When a PNG is missing the card is drawn plainly, so a
broken install still shows a playable table.
"""

from __future__ import annotations

import logging
import os

import pygame

from game.rules.cards import JOKER, card_token, declared, in_hand_card, is_tabled_joker, suit_of
from game.text.cards import short_name

from scenes.core import theme as T

log = logging.getLogger("rummy500.cards")

def suit_colour(card: int, four_colour: bool = False) -> tuple[int, int, int]:
    """The text colour of ``card``'s suit (on a light background)."""
    if card == JOKER:
        return (110, 40, 140)
    s = suit_of(declared(card) if is_tabled_joker(card) else card)
    if four_colour:
        return [(20, 130, 50), (30, 80, 200), (200, 30, 40), (20, 20, 20)][s]
    return (200, 30, 40) if s in (1, 2) else (20, 20, 20)


class CardArt:
    """The images of one card style (``"2color"``/``"4color"``) and back."""

    def __init__(self, style: str = "2color", back: str = "blue"):
        self.style = style if style in ("2color", "4color") else "2color"
        self.back_name = back
        self._raw: dict[str, pygame.Surface | None] = {}
        self._scaled: dict[tuple, pygame.Surface] = {}
        self._shadow: dict[tuple, pygame.Surface] = {}

    # ------------------------------------------------------------- loading
    def _load(self, rel: str) -> pygame.Surface | None:
        if rel in self._raw:
            return self._raw[rel]
        path = T.asset_root() / "cards" / rel
        try:
            img = pygame.image.load(os.fsencode(path))
            img = img.convert_alpha() if pygame.display.get_surface() is not None else img
        except (OSError, pygame.error, FileNotFoundError) as exc:
            log.warning("card image %s missing: %s", path, exc)
            img = None
        self._raw[rel] = img
        return img

    @staticmethod
    def size_for(height: int) -> tuple[int, int]:
        h = max(8, int(round(height / 2.0)) * 2)
        return (T.Theme.card_w(h), h)

    def face(self, card: int, height: int) -> pygame.Surface:
        """The face of ``card`` (a card code, tabled jokers included) about ``height`` px tall."""
        w, h = self.size_for(height)
        key = ("f", card, h, self.style)
        surf = self._scaled.get(key)
        if surf is None:
            base = in_hand_card(card)
            token = "JK" if base == JOKER else card_token(base).replace("T", "10")
            raw = self._load(f"{self.style}/{token}.png")
            surf = self._scale(raw, (w, h)) if raw is not None else self._plain_face(base, (w, h))
            if base == JOKER:
                self._joker_tags(surf, card)
            self._store(key, surf)
        return surf

    def back(self, height: int) -> pygame.Surface:
        w, h = self.size_for(height)
        key = ("b", self.back_name, h)
        surf = self._scaled.get(key)
        if surf is None:
            raw = self._load(f"backs/{self.back_name}.png") or self._load("backs/blue.png")
            if raw is not None:
                surf = self._scale(raw, (w, h))
            else:
                surf = pygame.Surface((w, h), pygame.SRCALPHA)
                pygame.draw.rect(surf, (29, 79, 156), surf.get_rect(), border_radius=max(2, h // 18))
                pygame.draw.rect(surf, (250, 250, 250), surf.get_rect(), max(1, h // 40),
                                 border_radius=max(2, h // 18))
            self._store(key, surf)
        return surf

    def image(self, card: int, height: int, face_up: bool) -> pygame.Surface:
        return self.face(card, height) if face_up else self.back(height)

    def with_shadow(self, card: int, height: int, face_up: bool) -> tuple[pygame.Surface, int, int]:
        """The card and its resting shadow in one image (one blit instead of
        two); returns ``(image, dx, dy)``: blit at the card's top-left plus ``(dx, dy)``."""
        w, h = self.size_for(height)
        key = ("s", card if face_up else -1, h, self.style if face_up else self.back_name)
        hit = self._scaled.get(key)
        if hit is None:
            img = self.image(card, height, face_up)
            sh = self.shadow(img.get_size(), False)
            off = (sh.get_width() - img.get_width()) // 2
            drop = max(1, h // 30)
            surf = pygame.Surface((sh.get_width(), sh.get_height() + drop), pygame.SRCALPHA)
            surf.blit(sh, (0, drop))
            surf.blit(img, (off, off))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            hit = (surf, -off, -off)
            self._store(key, hit)
        return hit

    def warm(self, face_heights, back_heights) -> None:
        """Scale every face (and its shadowed version) at ``face_heights`` and
        the back at ``back_heights`` now, so no frame of play pays for it."""
        for h in face_heights:
            for card in range(53):
                self.with_shadow(card, h, True)
        for h in back_heights:
            self.with_shadow(0, h, False)
        for h in {*face_heights, *back_heights}:
            self.shadow(self.size_for(h), True)  # a sliding card's (animation.draw_motion)

    def warm_some(self, face_heights, limit: int = 1) -> bool:
        """Make at most ``limit`` of the face images (with their shadowed
        versions) still missing at ``face_heights`` (px), a little each idle
        frame; True when some are left to make."""
        for h in face_heights:
            _w, sh = self.size_for(h)
            if ("warm", sh, self.style) in self._scaled:
                continue
            for card in range(53):
                if ("s", card, sh, self.style) not in self._scaled:
                    if limit <= 0:
                        return True
                    self.with_shadow(card, h, True)
                    limit -= 1
            self.shadow(self.size_for(h), True)
            if any(("s", card, sh, self.style) not in self._scaled for card in range(53)):
                return True  # the cache was emptied on its way (its limit): this height again
            self._store(("warm", sh, self.style), True)  # every face at this height is made
        return False

    def shadow(self, size: tuple[int, int], lifted: bool = False) -> pygame.Surface:
        """A soft shadow for a card of ``size`` (larger when ``lifted``)."""
        key = (size, lifted)
        surf = self._shadow.get(key)
        if surf is None:
            w, h = size
            grow = max(2, h // (10 if lifted else 18))
            sw, sh = w + 2 * grow, h + 2 * grow
            small = pygame.Surface((max(4, sw // 4), max(4, sh // 4)), pygame.SRCALPHA)
            inner = small.get_rect().inflate(-max(1, grow // 2), -max(1, grow // 2))
            pygame.draw.rect(small, (0, 0, 0, 110 if lifted else 90), inner, border_radius=max(1, h // 40))
            surf = pygame.transform.smoothscale(small, (sw, sh))
            if len(self._shadow) > 64:
                self._shadow.clear()
            self._shadow[key] = surf
        return surf

    # ------------------------------------------------------------- helpers
    def _store(self, key, surf) -> None:
        if len(self._scaled) > 1500:
            self._scaled.clear()
        self._scaled[key] = surf

    @staticmethod
    def _scale(raw: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.transform.smoothscale(raw, size)
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _plain_face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (252, 252, 248), surf.get_rect(), border_radius=max(2, h // 18))
        pygame.draw.rect(surf, (40, 40, 40), surf.get_rect(), 1, border_radius=max(2, h // 18))
        if card != JOKER:
            label = T.text(short_name(card), max(8, h // 6), suit_colour(card, self.style == "4color"), True)
            surf.blit(label, (max(2, w // 14), max(2, h // 30)))
        return surf

    def _joker_tags(self, surface: pygame.Surface, card: int) -> None:
        """A corner index for the joker (the art has none): "JK" and, once
        tabled, the card it stands for, where an overlapped card still shows."""
        w, h = surface.get_size()
        px = max(7, h // 9)
        lines = [T.text("JK", px, (110, 40, 140), bold=True)]
        if is_tabled_joker(card):
            lines.append(T.text(short_name(declared(card)), px, suit_colour(declared(card), self.style == "4color"),
                                bold=True))
        box = pygame.Rect(max(1, w // 24), max(1, h // 40), max(t.get_width() for t in lines) + 4,
                          sum(t.get_height() for t in lines) + 2)
        pygame.draw.rect(surface, (255, 250, 225), box, border_radius=3)
        pygame.draw.rect(surface, (110, 40, 140), box, 1, border_radius=3)
        y = box.y + 1
        for t in lines:
            surface.blit(t, (box.x + 2, y))
            y += t.get_height()
