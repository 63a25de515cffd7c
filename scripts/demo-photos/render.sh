#!/bin/sh
# Renders the demo stock photos (see README.md here), then makes the committed JPEGs.
# Usage: scripts/demo-photos/render.sh [kind ...]   (needs Blender 3.4+ and python3-numpy: apt-get install blender python3-numpy)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${DEMO_PHOTO_OUT:-/tmp/demo-photos}
# Lowest priority: a full set is 36 Cycles renders on the CPU.
nice -n 19 blender --background --factory-startup --python "$here/render.py" -- "$out" "$@"
cd "$root" && nice -n 15 npx tsx scripts/demo-photos/build-photos.ts "$out"
