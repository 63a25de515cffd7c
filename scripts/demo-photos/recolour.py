"""The paint recolouring render.py applies: pure numpy, so it is tested without Blender (test_recolour.py).

The paint is a diffuse base under a clear coat, so a paint pixel is  light * albedo + coat.
Rendered once with a white albedo, any other colour is  picture + mask * light * (colour - white);
the coat's reflections stay as rendered.
"""

import numpy as np

# Linear-light albedo per colour key (same keys as src/stock/model/placeholder-image.ts).
PAINT_WHITE = (0.8, 0.8, 0.8)
COLOURS = {
    'white': (0.8, 0.8, 0.78),
    'black': (0.008, 0.008, 0.01),
    'silver': (0.42, 0.45, 0.48),
    'grey': (0.1, 0.11, 0.125),
    'blue': (0.012, 0.05, 0.38),
    'red': (0.45, 0.012, 0.012),
    'green': (0.02, 0.11, 0.035),
    'orange': (0.78, 0.2, 0.008),
}


def recolour(combined, light, mask, colour):
    """combined, light: (h, w, 4) linear RGBA; mask: (h, w) paint coverage 0..1; colour: linear RGB."""
    out = combined.copy()
    delta = np.array(colour, dtype=np.float32) - np.array(PAINT_WHITE, dtype=np.float32)
    out[..., :3] = np.maximum(0.0, combined[..., :3] + np.clip(mask, 0.0, 1.0)[..., None] * light[..., :3] * delta)
    return out
