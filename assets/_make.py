#!/usr/bin/env python3
"""Regenerate the Compagnon SVG artwork (standard library only).

Run:  python3 assets/_make.py
Writes the app icon (assets/icon.svg), and in the games' own folders each game's emblem
(scoring/games/<package>/emblem.svg) and Les apprentis' card pictograms
(scoring/games/apprentis/cards/*.svg, declared by the game's GRID_CARDS and drawn by the painting grid).  The PNG renders (icon.png, favicon.png, icons/) are made from
icon.svg with headless Chromium; see assets/README.md.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# --------------------------------------------------------------------------
# Palettes (the app's own choices, not the colours printed in the boxes)
# --------------------------------------------------------------------------
APP_TEAL = "#00695c"

GAMES = {  # emblem backgrounds
    "apaches": "#8e2430",
    "robby-solo": "#2e7d32",
    "traction-avant": "#37474f",
    "apprentis": "#1565c0",
}

APPRENTIS = {  # soft card backgrounds
    "maison": "#ffe0b2",
    "ciel": "#bbdefb",
    "oiseau": "#fff59d",
    "lac": "#b2ebf2",
    "perso": "#f8bbd0",
    "arbre": "#e6ee9c",
    "fontaine": "#d1c4e9",
    "pont": "#d7ccc8",
    "sapin": "#a5d6a7",
    "eglise": "#cfd8dc",
}


def hex2rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def darken(h, f=0.62):
    return "#{:02x}{:02x}{:02x}".format(*tuple(int(c * f) for c in hex2rgb(h)))


def svg(body, vb="0 0 64 64"):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vb}">{body.strip()}</svg>\n')


#: where each game's emblem goes: its folder under scoring/games/
EMBLEMS = {slug: os.path.join(ROOT, "scoring", "games", slug.replace("-", "_"), "emblem.svg") for slug in GAMES}


def write(rel, text):
    """Write ``text`` to ``rel`` (under assets/, or an absolute path); returns the path as given."""
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    size = len(text.encode())
    assert size < 4096, (rel, size)
    return os.path.relpath(path, ROOT)


def bg(color, rx=14):
    return '<rect width="64" height="64" rx="%d" fill="%s"/>' % (rx, color)


# --------------------------------------------------------------------------
# Reusable pictogram parts
# --------------------------------------------------------------------------
MEEPLE = ("M24 12c-4.5 0-7 3-7 6.5 0 2.5 1.2 4 2.5 5-5 1-11 2.5-11 6 0 2.5 4 3 7 3.5"
          "-1.5 4-4 9-6 13-.6 1.4 0 2.5 1.5 2.5h8c1.5-3.5 3-6 5-6s3.5 2.5 5 6h8"
          "c1.5 0 2.1-1.1 1.5-2.5-2-4-4.5-9-6-13 3-.5 7-1 7-3.5 0-3.5-6-5-11-6"
          " 1.3-1 2.5-2.5 2.5-5 0-3.5-2.5-6.5-7-6.5z")


def pips(cx, cy, s, n, color, r=None):
    """Die pips for face n on a die of half-size s centred on (cx, cy)."""
    r = r or s * 0.2
    d = s * 0.52
    spots = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[n]
    return "".join(f'<circle cx="{round(cx + x * d, 2):g}" cy="{round(cy + y * d, 2):g}" r="{round(r, 2):g}" fill="{color}"/>'
                   for x, y in spots)


def die(cx, cy, s, n, angle, face="#fff8e1", pip="#bf360c", stroke=None):
    st = f' stroke="{stroke}" stroke-width="2"' if stroke else ""
    return (f'<g transform="rotate({angle:g} {cx:g} {cy:g})"><rect x="{cx - s:g}" y="{cy - s:g}" width="{2 * s:g}" height="{2 * s:g}"'
            f' rx="{s * 0.35:g}" fill="{face}"{st}/>{pips(cx, cy, s, n, pip)}</g>')




def dollar(cx, cy, h, color, w):
    """A dollar sign drawn as strokes, height h."""
    k = h / 24.0
    return (f'<g transform="translate({cx:g} {cy:g}) scale({k:g})" fill="none" stroke="{color}"'
            f' stroke-width="{w / k:g}" stroke-linecap="round">'
            '<path d="M6-6.5C4-9.5-6-9.5-6-4.5-6 .5 6-1 6 4.5 6 10-4 10-6.5 7"/>'
            '<path d="M0-12v24"/></g>')


def money_bag(fill, tie, mark):
    return ('<path d="M25 22l-3.5-8.5c-.8-2 1-3 3-2.2 2.6 1 5 1.4 7.5 1.4s4.9-.4 7.5-1.4'
            f'c2-.8 3.8.2 3 2.2L39 22z" fill="{fill}"/>'
            '<path d="M25 21c-9 4-15 13-15 22 0 8 8 12 22 12s22-4 22-12c0-9-6-18-15-22z"'
            f' fill="{fill}"/>'
            f'<rect x="23" y="19" width="18" height="4.5" rx="2.2" fill="{tie}"/>') + dollar(32, 40, 20, mark, 3.6)










# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------
def main():
    out = []
    # 1. app icon --------------------------------------------------------
    icon = (bg(APP_TEAL) +
            '<ellipse cx="30" cy="52" rx="23" ry="3" fill="#004d40"/>'
            f'<path transform="translate(-4 2)" d="{MEEPLE}" fill="#ffb300"'
            ' stroke="#ff8f00" stroke-width="1.2" stroke-linejoin="round"/>' +
            die(44.5, 41, 9.5, 5, 14, stroke="#e65100"))
    out.append(write("icon.svg", svg(icon)))

    # 2. game emblems ----------------------------------------------------
    c = GAMES["apaches"]
    apaches = (bg(c) +
               # flat cap (casquette): short brim under a crown that overhangs it
               '<path d="M41 32.5l15 .8c2.6.2 2.6 3.7 0 3.7H40z" fill="#a1887f"/>'
               '<path d="M12 35c-1-6 3-10.5 11.5-11 10-.6 21-.8 28 2.5 3.5 1.7 4.5 4.5 3 6.5'
               'L13 37z" fill="#e8dcc8"/>'
               '<path d="M33 24.5q13 1 19.5 5.5M14 33.8l38.5-1.6" fill="none" stroke="#a1887f"'
               ' stroke-width="1.5"/>'
               '<circle cx="33" cy="24" r="1.8" fill="#a1887f"/>'
               # knife
               '<path d="M7 48.5Q18 41 37 41.5v6.5H14z" fill="#cfd8dc"/>'
               '<path d="M12 46.5Q22 43.5 35 43.5" stroke="#90a4ae" stroke-width="1"'
               ' fill="none"/>'
               '<rect x="37" y="40" width="4" height="9.5" rx="1" fill="#90a4ae"/>'
               '<rect x="41" y="41.5" width="16" height="6.5" rx="3" fill="#f3c98b"/>'
               f'<circle cx="46" cy="44.75" r="1.1" fill="{c}"/>'
               f'<circle cx="52" cy="44.75" r="1.1" fill="{c}"/>')
    out.append(write(EMBLEMS["apaches"], svg(apaches)))

    robby = bg(GAMES["robby-solo"]) + money_bag("#f1e3c3", "#a1887f", "#2e7d32")
    out.append(write(EMBLEMS["robby-solo"], svg(robby)))

    c = GAMES["traction-avant"]
    car = (bg(c) +
           # cabin, fastback and long bonnet
           '<path d="M6.5 41c-1-5 1-9 5.5-10.5C14 24.5 18 21 25 21h7c4 0 6.5 3 8.5 8.5'
           'l14 1.2c2.3.2 3.5 1.3 3.5 3.3V41z" fill="#eceff1"/>'
           f'<path d="M17 30.5c2-5 5-7 9-7h4.5v7zM33 23.5h.5c2.5 0 4.5 2.5 5.8 7H33z" fill="{c}"/>'
           '<path d="M41 30l17 1.3" stroke="#90a4ae" stroke-width="1"/>'
           # separate sweeping wings over the wheels, running board between
           f'<g fill="#eceff1" stroke="{c}" stroke-width="1.5" stroke-linejoin="round">'
           '<path d="M27 46l9-3c2-6 6.5-9.5 12-9.5 6 0 10 4 11.5 12.5z"/>'
           '<path d="M4.5 46c0-6.5 4.5-11 10.5-11s10 4.5 11 11z"/></g>'
           '<path d="M32.5 31v11" stroke="#90a4ae" stroke-width="1"/>'
           '<rect x="54" y="43.5" width="7.5" height="2.4" rx="1.2" fill="#b0bec5"/>'
           f'<circle cx="55" cy="33.5" r="2.6" fill="#ffd54f" stroke="{c}" stroke-width="1"/>' +
           "".join(f'<circle cx="{x:g}" cy="47" r="6.2" fill="#212121" stroke="#eceff1"'
                   f' stroke-width="1.6"/><circle cx="{x:g}" cy="47" r="2.4" fill="#b0bec5"/>' for x in (15.5, 48.5)))
    out.append(write(EMBLEMS["traction-avant"], svg(car)))

    c = GAMES["apprentis"]
    blobs = [(21, 22, "#e53935"), (32.5, 18.5, "#fdd835"), (44, 22, "#43a047"),
             (15.5, 32, "#1e88e5"), (48, 32.5, "#8e24aa")]
    palette = (bg(c) +
               '<path d="M32 11c14 0 25 8 25 20 0 9-7 12-12 10-4-1.5-6.5 1-5.5 4.5'
               ' 1 4-1.5 8-8 8C17 53.5 7 45 7 32.5 7 20 18 11 32 11z" fill="#f3d9a4"/>'
               f'<circle cx="23" cy="43" r="3.6" fill="{c}"/>' +
               "".join('<circle cx="{:g}" cy="{:g}" r="4.2" fill="{}"/>'.format(*b) for b in blobs) +
               '<path d="M57.5 58.5L45 46" stroke="#6d4c41" stroke-width="4.5"'
               ' stroke-linecap="round"/>'
               '<path d="M45.5 46.5l-4.5-4.5" stroke="#b0bec5" stroke-width="5"/>'
               '<path d="M41.8 42.8c-2-2-3-2.5-5.2-5.9-1-1.6.5-3.1 2.1-2.1 3.4 2.2 3.9 3.2 5.9 5.2z"'
               ' fill="#e53935"/>')
    out.append(write(EMBLEMS["apprentis"], svg(palette)))

    # 3. Les apprentis cards (the painting grid) ----------------------------------------------
    def card(key, body):
        return write(os.path.join(ROOT, "scoring", "games", "apprentis", "cards", f"{key}.svg"), svg(
            f'<rect x="2" y="2" width="60" height="60" rx="9" fill="{APPRENTIS[key]}" stroke="{darken(APPRENTIS[key], 0.75)}"'
            ' stroke-width="2"/>' + body))

    out.append(card("maison",
                    '<path d="M14 30h36v22H14z" fill="#fff8e1"/>'
                    '<path d="M9 32L32 13l23 19z" fill="#d84315" stroke="#d84315"'
                    ' stroke-width="2" stroke-linejoin="round"/>'
                    '<rect x="40" y="14" width="5" height="10" fill="#8d6e63"/>'
                    '<rect x="19" y="38" width="9" height="14" fill="#6d4c41"/>'
                    '<rect x="34" y="37" width="10" height="9" fill="#4fc3f7"'
                    ' stroke="#6d4c41" stroke-width="1.5"/>'
                    '<path d="M10 52h44" stroke="#6d4c41" stroke-width="2"/>'))
    out.append(card("ciel",
                    '<circle cx="42" cy="22" r="9" fill="#ffca28"/>'
                    '<path d="M16 46a8 8 0 0 1 2-15.5 11 11 0 0 1 20.5-3.5 9 9 0 0 1 10 19z"'
                    ' fill="#fff" stroke="#90caf9" stroke-width="1.5"/>'))
    out.append(card("oiseau",
                    '<path d="M14 30l-8-4 3 9z" fill="#1565c0"/>'
                    '<ellipse cx="28" cy="35" rx="16" ry="10" fill="#1e88e5"/>'
                    '<circle cx="43" cy="25" r="8" fill="#1e88e5"/>'
                    '<path d="M50 23l8 2.5-8 2.5z" fill="#ff8f00"/>'
                    '<circle cx="45" cy="23.5" r="1.8" fill="#fff"/>'
                    '<circle cx="45.4" cy="23.5" r=".9" fill="#0d1333"/>'
                    '<path d="M18 32q10 14 20 2-8 2-20-2z" fill="#0d47a1"/>'
                    '<path d="M25 45v7M32 45v7M22 52h6M29 52h6" stroke="#ff8f00"'
                    ' stroke-width="2" stroke-linecap="round"/>'))
    out.append(card("lac",
                    '<path d="M6 30q26-8 52 0v20a5 5 0 0 1-5 5H11a5 5 0 0 1-5-5z" fill="#81c784"/>'
                    '<ellipse cx="32" cy="42" rx="23" ry="11" fill="#0288d1"/>'
                    '<path d="M18 40q3-2.5 6 0t6 0M32 46q3-2.5 6 0t6 0" fill="none"'
                    ' stroke="#e1f5fe" stroke-width="2" stroke-linecap="round"/>'
                    '<path d="M12 31v-12M16 31v-9M50 31v-11" stroke="#2e7d32"'
                    ' stroke-width="1.6"/>'
                    '<g fill="#6d4c41"><rect x="10.8" y="17" width="2.4" height="7" rx="1.2"/>'
                    '<rect x="14.8" y="20" width="2.4" height="6" rx="1.2"/>'
                    '<rect x="48.8" y="18" width="2.4" height="7" rx="1.2"/></g>'))
    out.append(card("perso",
                    '<circle cx="32" cy="22" r="9" fill="#ad1457"/>'
                    '<path d="M14 55c0-12 8-20 18-20s18 8 18 20z" fill="#ad1457"/>'))
    out.append(card("arbre",
                    '<path d="M29 38h6v16h-6z" fill="#6d4c41"/>'
                    '<path d="M32 44l-7-6M32 46l6-6" stroke="#6d4c41" stroke-width="2.5"/>'
                    '<g fill="#43a047"><circle cx="32" cy="22" r="12"/>'
                    '<circle cx="21" cy="31" r="9"/><circle cx="43" cy="31" r="9"/>'
                    '<circle cx="32" cy="34" r="8"/></g>'
                    '<path d="M22 54h20" stroke="#6d4c41" stroke-width="2"'
                    ' stroke-linecap="round"/>'))
    out.append(card("fontaine",
                    '<path d="M32 24v-8M32 16q-10-2-14 14M32 16q10-2 14 14" fill="none"'
                    ' stroke="#29b6f6" stroke-width="2.5" stroke-linecap="round"/>'
                    '<circle cx="32" cy="14" r="3" fill="#29b6f6"/>'
                    '<rect x="29" y="22" width="6" height="16" fill="#78909c"/>'
                    '<path d="M10 38h44l-4 10H14z" fill="#78909c"/>'
                    '<rect x="16" y="48" width="32" height="6" rx="1" fill="#546e7a"/>'
                    '<path d="M12 38h40" stroke="#29b6f6" stroke-width="3"/>'))
    out.append(card("pont",
                    '<path d="M3 46h58v9a6 6 0 0 1-6 6H9a6 6 0 0 1-6-6z" fill="#29b6f6"/>'
                    '<path d="M6 28h52v6H52v16a20 14 0 0 0-40 0V34H6z" fill="#795548"/>'
                    '<path d="M6 28h52" stroke="#4e342e" stroke-width="2.5"/>'
                    '<path d="M8 20v8M20 20v8M32 20v8M44 20v8M56 20v8M8 21h48" stroke="#4e342e"'
                    ' stroke-width="2"/>'))
    out.append(card("sapin",
                    '<rect x="29" y="46" width="6" height="9" fill="#6d4c41"/>'
                    '<g fill="#1b5e20"><path d="M32 8l10 13H22z"/><path d="M32 16l14 17H18z"/>'
                    '<path d="M32 26l17 21H15z"/></g>'))
    out.append(card("eglise",
                    '<path d="M32 4.5v9M28.5 7.5h7" stroke="#5d4037" stroke-width="2"/>'
                    '<path d="M32 13l7 11H25z" fill="#5c6bc0"/>'
                    '<rect x="25.5" y="24" width="13" height="31" fill="#fafafa"/>'
                    '<path d="M38.5 35l8-6 8 6v20h-16z" fill="#fafafa"/>'
                    '<path d="M37 35l9.5-7 9.5 7" fill="none" stroke="#5c6bc0"'
                    ' stroke-width="3" stroke-linejoin="round"/>'
                    '<path d="M28.5 55V46a3.5 3.5 0 0 1 7 0v9z" fill="#6d4c41"/>'
                    '<circle cx="32" cy="32" r="3" fill="#ffca28"/>'
                    '<path d="M44 48v-7a2.5 2.5 0 0 1 5 0v7z" fill="#90caf9"/>'
                    '<path d="M9 55h46" stroke="#5d4037" stroke-width="2"/>'))
    return out


if __name__ == "__main__":
    files = main()
    print("\n".join(files))
