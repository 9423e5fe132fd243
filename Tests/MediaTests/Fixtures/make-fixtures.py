#!/usr/bin/env python3
"""Regenerates the tiny image fixtures of MediaTests with ImageMagick's `convert` (PetDiaryTests and the core's
tests read them too).

Run once from this directory; the outputs are committed, so tests and CI need no ImageMagick.
EXIF is not written here: tests splice their own APP1 segment into `landscape-64x32.jpg`.
"""
import subprocess

def convert(*args):
    subprocess.run(["convert", *args], check=True)

# A 64x32 JPEG: left half red, right half blue, so rotation is visible in a thumbnail.
convert("-size", "32x32", "xc:red", "-size", "32x32", "xc:blue", "+append",
        "-strip", "-quality", "85", "landscape-64x32.jpg")
convert("-size", "24x12", "xc:green", "-strip", "png24:tiny-24x12.png")
convert("-size", "20x10", "xc:yellow", "-strip", "tiny-20x10.gif")
convert("-size", "30x14", "xc:purple", "-strip", "-quality", "80", "tiny-30x14.webp")
convert("-size", "30x14", "xc:purple", "-strip", "-define", "webp:lossless=true", "lossless-30x14.webp")
convert("-size", "30x14", "xc:purple", "-alpha", "set", "-channel", "A", "-evaluate", "set", "50%",
        "-strip", "alpha-30x14.webp")
convert("-size", "48x32", "xc:orange", "-strip", "-quality", "50", "tiny-48x32.heic")
