"""python3 -m unittest scripts/demo-photos/test_recolour.py (needs numpy)."""

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from recolour import COLOURS, PAINT_WHITE, recolour  # noqa: E402


def pixel(rgb):
    return np.array([[[*rgb, 1.0]]], dtype=np.float32)


class Recolour(unittest.TestCase):
    light = pixel((0.5, 0.6, 0.7))
    coat = np.array((0.05, 0.05, 0.06), dtype=np.float32)
    # A paint pixel rendered white: light * white + coat.
    white = pixel(np.array((0.5, 0.6, 0.7)) * np.array(PAINT_WHITE) + coat)

    def test_paint_takes_the_new_albedo_and_keeps_the_coat(self):
        red = COLOURS['red']
        out = recolour(self.white, self.light, np.ones((1, 1), np.float32), red)
        np.testing.assert_allclose(out[0, 0, :3], np.array((0.5, 0.6, 0.7)) * np.array(red) + self.coat, rtol=1e-5)
        self.assertEqual(out[0, 0, 3], 1.0)

    def test_unpainted_pixels_stay_as_rendered(self):
        out = recolour(self.white, self.light, np.zeros((1, 1), np.float32), COLOURS['black'])
        np.testing.assert_array_equal(out, self.white)

    def test_edge_pixels_mix_by_coverage_and_never_go_negative(self):
        half = recolour(self.white, self.light, np.full((1, 1), 0.5, np.float32), COLOURS['black'])
        full = recolour(self.white, self.light, np.ones((1, 1), np.float32), COLOURS['black'])
        np.testing.assert_allclose(half[0, 0, :3], (self.white[0, 0, :3] + full[0, 0, :3]) / 2, rtol=1e-5)
        dark = recolour(pixel((0.01, 0.01, 0.01)), self.light, np.ones((1, 1), np.float32), COLOURS['black'])
        self.assertTrue((dark[..., :3] >= 0).all())

    def test_eight_colours_with_the_site_keys(self):
        self.assertEqual(sorted(COLOURS), sorted(['white', 'black', 'silver', 'grey', 'blue', 'red', 'green', 'orange']))


if __name__ == '__main__':
    unittest.main()
