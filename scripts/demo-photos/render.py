"""Demo stock photos: every vehicle kind modelled procedurally and rendered in Cycles.

Run through scripts/demo-photos/render.sh (Blender 3.4+, CPU only, no network, no asset files):

    blender --background --factory-startup --python scripts/demo-photos/render.py -- OUT_DIR [kind ...]

Each kind x view is rendered ONCE with the paint in a known white; the eight paint colours are made
afterwards from three outputs of that render: the denoised picture, the diffuse light falling on
each pixel and a paint mask (a shader AOV). Paint is a diffuse base under a clear coat, so its pixel
is  light * albedo + coat;  swapping albedo gives  picture + mask * light * (colour - white).
That keeps the set to 9 x 4 renders instead of 288.

Writes OUT_DIR/<kind>-<colour>-<view>.png (800 x 600, display-referred); build-photos.ts then makes
the committed JPEGs.
"""

import math
import os
import sys

import _cycles
import bmesh
import bpy
import numpy as np
from bpy_extras.object_utils import world_to_camera_view
from mathutils import Vector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from recolour import COLOURS, PAINT_WHITE, recolour  # noqa: E402

argv = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
OUT = os.path.abspath(argv[0] if argv else '/tmp/demo-photos')
KINDS = argv[1:] or ['suv', 'hatch', 'sedan', 'wagon', 'coupe', 'ute', 'van', 'caravan', 'motorcycle']
SAMPLES = int(os.environ.get('DEMO_PHOTO_SAMPLES', '24'))
VIEWS = [int(v) for v in os.environ.get('DEMO_PHOTO_VIEWS', '1,2,3,4').split(',')]
WIDTH, HEIGHT = 800, 600
HAS_OIDN = bool(getattr(_cycles, 'with_openimagedenoise', False))

# ---------------------------------------------------------------- scene


def reset_scene():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.engine = 'CYCLES'
    cycles = scene.cycles
    cycles.device = 'CPU'
    cycles.samples = SAMPLES
    cycles.use_adaptive_sampling = True
    cycles.adaptive_threshold = 0.05
    cycles.max_bounces = 4
    cycles.diffuse_bounces = 1
    cycles.glossy_bounces = 2
    cycles.transmission_bounces = 2
    cycles.transparent_max_bounces = 2
    cycles.caustics_reflective = False
    cycles.caustics_refractive = False
    # Debian's Blender has no OpenImageDenoise; with it, a lower sample count would do.
    cycles.use_denoising = HAS_OIDN
    if HAS_OIDN:
        cycles.denoiser = 'OPENIMAGEDENOISE'
    cycles.sample_clamp_indirect = 3.0
    cycles.filter_glossy = 1.0
    scene.render.resolution_x = WIDTH
    scene.render.resolution_y = HEIGHT
    scene.render.resolution_percentage = int(os.environ.get('DEMO_PHOTO_PERCENT', '100'))
    scene.render.film_transparent = False
    scene.view_settings.view_transform = 'Filmic'
    for look in ('Filmic - Medium High Contrast', 'Medium High Contrast'):
        try:
            scene.view_settings.look = look
            break
        except TypeError:
            pass
    scene.view_settings.exposure = float(os.environ.get('DEMO_PHOTO_EXPOSURE', '-0.6'))
    scene.render.image_settings.file_format = 'PNG'
    scene.render.image_settings.color_mode = 'RGB'
    scene.render.image_settings.color_depth = '8'
    return scene


def world(scene, sun_azimuth):
    w = bpy.data.worlds.new('sky')
    scene.world = w
    w.use_nodes = True
    nt = w.node_tree
    nt.nodes.clear()
    sky = nt.nodes.new('ShaderNodeTexSky')
    sky.sky_type = 'NISHITA'
    sky.sun_elevation = math.radians(38)
    sky.sun_rotation = math.radians(180 - sun_azimuth)
    # The sun disc is drawn by a Sun lamp instead: a lamp is sampled directly, the sky's disc is not,
    # and that is most of the noise at a low sample count.
    sky.sun_disc = False
    sky.altitude = 200
    sky.air_density = 1.0
    sky.dust_density = 2.5
    bg = nt.nodes.new('ShaderNodeBackground')
    bg.inputs['Strength'].default_value = 0.14
    out = nt.nodes.new('ShaderNodeOutputWorld')
    nt.links.new(sky.outputs['Color'], bg.inputs['Color'])
    nt.links.new(bg.outputs['Background'], out.inputs['Surface'])
    sun = bpy.data.lights.new('sun', 'SUN')
    sun.energy = 4.0
    sun.angle = math.radians(3.0)  # a slightly hazy sun: soft shadow edges
    sun.color = (1.0, 0.96, 0.9)
    obj = link(bpy.data.objects.new('sun', sun))
    # Elevation 38°; azimuth measured like the camera's (from the front towards the left side).
    obj.rotation_euler = (math.radians(90 - 38), 0, math.radians(90 - sun_azimuth))


# ---------------------------------------------------------------- materials


def principled(name, colour, roughness=0.5, metallic=0.0, **extra):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    p = m.node_tree.nodes['Principled BSDF']
    p.inputs['Base Color'].default_value = (*colour, 1)
    p.inputs['Roughness'].default_value = roughness
    p.inputs['Metallic'].default_value = metallic
    for key, value in extra.items():
        p.inputs[key].default_value = value
    return m


def paint_material():
    """White diffuse base with fine flake sparkle under a glossy clear coat; marked for recolouring."""
    m = principled('paint', PAINT_WHITE, roughness=0.32, **{'Clearcoat': 1.0, 'Clearcoat Roughness': 0.02, 'Specular': 0.35})
    nt = m.node_tree
    p = nt.nodes['Principled BSDF']
    # Flakes: a tiny Voronoi bump on the base layer only; the coat above stays mirror-smooth.
    vor = nt.nodes.new('ShaderNodeTexVoronoi')
    vor.inputs['Scale'].default_value = 1800
    bump = nt.nodes.new('ShaderNodeBump')
    bump.inputs['Strength'].default_value = 0.04
    nt.links.new(vor.outputs['Distance'], bump.inputs['Height'])
    nt.links.new(bump.outputs['Normal'], p.inputs['Normal'])
    aov = nt.nodes.new('ShaderNodeOutputAOV')
    aov.name = 'paint'
    try:
        aov.aov_name = 'paint'
    except AttributeError:
        aov.name = 'paint'
    aov.inputs['Value'].default_value = 1.0
    return m


def glass_material():
    # Tinted glass reads as a window without an interior to model behind it.
    m = principled('glass', (0.02, 0.025, 0.03), roughness=0.02, **{'Specular': 0.6, 'Clearcoat': 1.0, 'Clearcoat Roughness': 0.0})
    return m


def ground_material():
    m = principled('ground', (0.22, 0.215, 0.2), roughness=0.85)
    nt = m.node_tree
    p = nt.nodes['Principled BSDF']
    noise = nt.nodes.new('ShaderNodeTexNoise')
    noise.inputs['Scale'].default_value = 3.0
    noise.inputs['Detail'].default_value = 8
    ramp = nt.nodes.new('ShaderNodeValToRGB')
    ramp.color_ramp.elements[0].color = (0.16, 0.158, 0.15, 1)
    ramp.color_ramp.elements[1].color = (0.26, 0.255, 0.24, 1)
    nt.links.new(noise.outputs['Fac'], ramp.inputs['Fac'])
    nt.links.new(ramp.outputs['Color'], p.inputs['Base Color'])
    grit = nt.nodes.new('ShaderNodeTexNoise')
    grit.inputs['Scale'].default_value = 400
    bump = nt.nodes.new('ShaderNodeBump')
    bump.inputs['Strength'].default_value = 0.05
    nt.links.new(grit.outputs['Fac'], bump.inputs['Height'])
    nt.links.new(bump.outputs['Normal'], p.inputs['Normal'])
    return m


def emission_material(name, colour, strength):
    m = principled(name, colour, roughness=0.1, **{'Emission': (*colour, 1), 'Emission Strength': strength})
    return m


MAT = {}


def materials():
    MAT.clear()
    MAT['paint'] = paint_material()
    MAT['glass'] = glass_material()
    MAT['ground'] = ground_material()
    MAT['white'] = principled('caravan white', (0.75, 0.75, 0.74), roughness=0.35, **{'Clearcoat': 0.5})
    MAT['trim'] = principled('black trim', (0.015, 0.015, 0.016), roughness=0.45)
    MAT['tyre'] = principled('tyre', (0.02, 0.02, 0.02), roughness=0.8)
    MAT['rim'] = principled('rim', (0.75, 0.76, 0.78), roughness=0.22, metallic=1.0)
    MAT['chrome'] = principled('chrome', (0.9, 0.9, 0.9), roughness=0.06, metallic=1.0)
    MAT['engine'] = principled('engine', (0.25, 0.25, 0.26), roughness=0.35, metallic=1.0)
    MAT['head'] = principled('headlamp', (0.9, 0.92, 0.95), roughness=0.05, metallic=0.6, **{'Emission': (1, 0.97, 0.9, 1), 'Emission Strength': 0.6})
    MAT['tail'] = emission_material('tail lamp', (0.6, 0.01, 0.01), 0.8)
    MAT['seat'] = principled('seat', (0.03, 0.028, 0.027), roughness=0.6)
    MAT['plate'] = principled('plate', (0.85, 0.85, 0.82), roughness=0.4)


# ---------------------------------------------------------------- geometry helpers


def link(obj):
    bpy.context.scene.collection.objects.link(obj)
    return obj


def shade_smooth(obj, angle=35):
    for poly in obj.data.polygons:
        poly.use_smooth = True
    obj.data.use_auto_smooth = True
    obj.data.auto_smooth_angle = math.radians(angle)


def profile_solid(name, points, y0, y1, material, bevel=0.06, segments=3, top_inset=0.0, top_from=None, face_material=None):
    """A side profile (x forward, z up) extruded across the car from y0 to y1, then bevelled.

    top_inset narrows the upper part (tumblehome) for vertices above top_from.
    face_material(normal) may pick another material slot per face (e.g. glass on the greenhouse sides).
    """
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    left = [bm.verts.new((x, y0, z)) for x, z in points]
    right = [bm.verts.new((x, y1, z)) for x, z in points]
    n = len(points)
    bm.faces.new(left[::-1])
    bm.faces.new(right)
    for i in range(n):
        j = (i + 1) % n
        bm.faces.new((left[i], left[j], right[j], right[i]))
    bmesh.ops.recalc_face_normals(bm, faces=bm.faces)
    bm.to_mesh(mesh)
    bm.free()
    obj = link(bpy.data.objects.new(name, mesh))
    obj.data.materials.append(material)
    if face_material:
        extra = []
        for poly in obj.data.polygons:
            m = face_material(poly.normal)
            if m is not None:
                if m.name not in obj.data.materials:
                    obj.data.materials.append(m)
                    extra.append(m.name)
                poly.material_index = list(obj.data.materials).index(m)
    if bevel:
        mod = obj.modifiers.new('bevel', 'BEVEL')
        mod.width = bevel
        mod.segments = segments
        # Every edge: mixing bevelled and plain edges at one vertex leaves spikes on these profiles.
        mod.limit_method = 'NONE'
        mod.use_clamp_overlap = True
        mod.harden_normals = False
    if top_inset and top_from is not None:
        # Tumblehome after the bevel: bending the flat sides first would give the bevel non-planar faces.
        deps = bpy.context.evaluated_depsgraph_get()
        baked = bpy.data.meshes.new_from_object(obj.evaluated_get(deps))
        obj.modifiers.clear()
        obj.data = baked
        for v in baked.vertices:
            if v.co.z > top_from:
                t = min(1.0, (v.co.z - top_from) / 0.4)
                v.co.y += top_inset * t * (1 if v.co.y < 0 else -1)
    shade_smooth(obj)
    return obj


def box(name, centre, size, material, bevel=0.01):
    bpy.ops.mesh.primitive_cube_add(size=1, location=centre)
    obj = bpy.context.active_object
    obj.name = name
    obj.scale = size
    bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    obj.data.materials.append(material)
    if bevel:
        mod = obj.modifiers.new('bevel', 'BEVEL')
        mod.width = bevel
        mod.segments = 2
    return obj


def cylinder(name, centre, radius, depth, material, axis='Y', vertices=48, bevel=0.0):
    rot = {'Y': (math.pi / 2, 0, 0), 'X': (0, math.pi / 2, 0), 'Z': (0, 0, 0)}[axis]
    bpy.ops.mesh.primitive_cylinder_add(vertices=vertices, radius=radius, depth=depth, location=centre, rotation=rot)
    obj = bpy.context.active_object
    obj.name = name
    obj.data.materials.append(material)
    if bevel:
        mod = obj.modifiers.new('bevel', 'BEVEL')
        mod.width = bevel
        mod.segments = 3
        mod.limit_method = 'ANGLE'
    shade_smooth(obj, 40)
    return obj


def tube(name, a, b, radius, material):
    a, b = Vector(a), Vector(b)
    d = b - a
    bpy.ops.mesh.primitive_cylinder_add(vertices=16, radius=radius, depth=d.length, location=(a + b) / 2)
    obj = bpy.context.active_object
    obj.name = name
    obj.rotation_mode = 'QUATERNION'
    obj.rotation_quaternion = d.to_track_quat('Z', 'Y')
    obj.data.materials.append(material)
    shade_smooth(obj, 60)
    return obj


def wheel(x, y, radius, width, side, spokes=5, moto=False):
    """Tyre (bevelled cylinder), a metal rim with spokes, and a hub, facing outward on `side` (+1/-1)."""
    tyre = cylinder('tyre', (x, y, radius), radius, width, MAT['tyre'], bevel=width * 0.35 if not moto else width * 0.45)
    rim_r = radius * (0.66 if not moto else 0.8)
    face_y = y + side * (width / 2 + 0.002)
    if moto:
        cylinder('rim', (x, y, radius), rim_r, width * 0.5, MAT['rim'], vertices=48)
        cylinder('rim hole', (x, y, radius), rim_r * 0.92, width * 0.55, MAT['trim'], vertices=48)
        for k in range(spokes):
            a = 2 * math.pi * k / spokes
            tube('spoke', (x, y, radius), (x + math.cos(a) * rim_r * 0.93, y, radius + math.sin(a) * rim_r * 0.93), 0.012, MAT['rim'])
        cylinder('hub', (x, y, radius), 0.05, width * 0.7, MAT['rim'])
        return
    cylinder('rim barrel', (x, face_y - side * 0.03, radius), rim_r, 0.06, MAT['trim'], vertices=48)
    cylinder('rim lip', (x, face_y - side * 0.005, radius), rim_r, 0.02, MAT['rim'], vertices=48)
    cylinder('rim hole', (x, face_y - side * 0.0, radius), rim_r * 0.9, 0.024, MAT['trim'], vertices=48)
    for k in range(spokes):
        a = 2 * math.pi * k / spokes + 0.3
        s = box('spoke', (x + math.cos(a) * rim_r * 0.47, face_y, radius + math.sin(a) * rim_r * 0.47), (rim_r * 0.9, 0.03, rim_r * 0.2), MAT['rim'], bevel=0.008)
        s.rotation_euler = (0, -a, 0)
    cylinder('hub', (x, face_y + side * 0.006, radius), rim_r * 0.22, 0.03, MAT['rim'], bevel=0.005)


def arch_profile(points_bottom, wheels, radius, clearance):
    """The body's bottom edge from rear to front with a semicircular arch over each wheel."""
    out = []
    for x in sorted(wheels):
        r = radius + 0.05
        for k in range(13):
            a = math.pi - math.pi * k / 12
            out.append((x + r * math.cos(a), radius + r * math.sin(a) * 1.0 if k not in (0, 12) else clearance))
    return out


# ---------------------------------------------------------------- vehicles

# All cars face +X; y across (left side is -Y, the side the side view shows).
CARS = {
    #         length width wheelbase wheelR  beltline(z) roof(z) bonnet(z) clearance
    'sedan': dict(L=4.75, W=1.84, wb=2.8, r=0.34, belt=0.98, roof=1.45, hood=0.93, clear=0.18, nose=0.95, tail=1.0,
                  screen=(0.95, 1.6), rear=(1.2, 0.55), boot=0.98, cab=(-1.25, 0.75)),
    'hatch': dict(L=4.2, W=1.78, wb=2.6, r=0.33, belt=0.98, roof=1.47, hood=0.92, clear=0.17, nose=0.85, tail=0.7,
                  screen=(0.85, 1.45), rear=(0.3, 0.35), boot=None, cab=(-1.85, 0.55)),
    'wagon': dict(L=4.85, W=1.84, wb=2.82, r=0.34, belt=0.98, roof=1.48, hood=0.93, clear=0.18, nose=0.95, tail=1.05,
                  screen=(0.95, 1.6), rear=(0.25, 0.2), boot=None, cab=(-2.25, 0.75)),
    'suv': dict(L=4.7, W=1.9, wb=2.78, r=0.38, belt=1.15, roof=1.72, hood=1.08, clear=0.22, nose=0.9, tail=1.0,
                screen=(0.9, 1.55), rear=(0.2, 0.18), boot=None, cab=(-2.2, 0.7)),
    'coupe': dict(L=4.55, W=1.86, wb=2.65, r=0.34, belt=0.9, roof=1.3, hood=0.84, clear=0.13, nose=1.0, tail=0.9,
                  screen=(1.05, 1.75), rear=(1.4, 0.75), boot=0.9, cab=(-1.1, 0.55)),
}


def car_body(spec, kind):
    L, W, wb, r = spec['L'], spec['W'], spec['wb'], spec['r']
    belt, roof, hood, clear = spec['belt'], spec['roof'], spec['hood'], spec['clear']
    front_x, rear_x = L / 2, -L / 2
    fw, rw = wb / 2 + 0.05, -wb / 2 + 0.05  # wheel centres (x)
    # Lower body: side profile going clockwise from the rear bottom.
    bottom = []
    for cx in (rw, fw):
        ra = r + 0.06
        bottom += [(cx - ra, clear + 0.04)]
        for k in range(1, 12):
            a = math.pi - math.pi * k / 12
            bottom.append((cx + ra * math.cos(a), r + ra * math.sin(a)))
        bottom += [(cx + ra, clear + 0.04)]
    boot = spec['boot']
    tail_top = boot if boot else belt + 0.02
    lower = [(rear_x + 0.05, clear + 0.12), *bottom, (front_x - 0.06, clear + 0.1), (front_x, clear + 0.32), (front_x - 0.02, hood - 0.18),
             (front_x - 0.28, hood - 0.02), (front_x - spec['nose'], hood + 0.04), (front_x - spec['nose'] - 0.2, belt + 0.03)]
    lower += [(rear_x + 0.35, tail_top + 0.02), (rear_x + 0.04, tail_top - 0.02), (rear_x, tail_top - 0.2), (rear_x, clear + 0.3)]
    # The path above runs rear → front along the bottom then back over the top: one closed loop.
    profile_solid(kind + ' body', lower, -W / 2, W / 2, MAT['paint'], bevel=0.07, segments=4)
    # Greenhouse: glass on the sloping and side faces, painted roof on top.
    s0, s1 = spec['screen']
    cab_rear, cab_front = spec['cab']
    rear_run, rear_drop = spec['rear']
    base_front = front_x - spec['nose'] - 0.15
    roof_front = base_front - s0
    roof_rear = cab_rear + rear_run * 0.55 if boot else cab_rear + 0.12
    base_rear = roof_rear - rear_run if boot else cab_rear
    if boot:
        base_rear = rear_x + 0.35 + 0.25
        roof_rear = base_rear + rear_run
    green = [(base_rear, belt), (base_front, belt), (roof_front, roof - 0.03), (roof_front - 0.15, roof), (roof_rear + 0.12, roof), (roof_rear, roof - 0.04)]
    green = [(x, z) for x, z in green]

    profile_solid(kind + ' cabin', green, -W / 2 + 0.06, W / 2 - 0.06, MAT['glass'], bevel=0.06, segments=3, top_inset=0.13, top_from=belt + 0.02,
                  face_material=lambda n: MAT['paint'] if n.z > 0.97 else None)
    details(spec, front_x, rear_x, W, hood, clear, tail_top)
    for cx in (rw, fw):
        for side in (-1, 1):
            wheel(cx, side * (W / 2 - 0.13), r, 0.24, side)


def details(spec, front_x, rear_x, W, hood, clear, tail_top):
    lamp_z = hood - 0.2
    for side in (-1, 1):
        box('headlamp', (front_x + 0.005, side * (W / 2 - 0.26), lamp_z), (0.06, 0.36, 0.1), MAT['head'], bevel=0.02)
        box('tail lamp', (rear_x - 0.005, side * (W / 2 - 0.22), tail_top - 0.12), (0.06, 0.36, 0.1), MAT['tail'], bevel=0.015)
        box('mirror', (front_x - spec['nose'] - 0.35, side * (W / 2 + 0.04), spec['belt'] + 0.08), (0.14, 0.16, 0.1), MAT['paint'], bevel=0.03)
    box('grille', (front_x + 0.0, 0, clear + 0.42), (0.06, W * 0.42, 0.16), MAT['trim'], bevel=0.02)
    box('lower intake', (front_x - 0.02, 0, clear + 0.2), (0.06, W * 0.55, 0.1), MAT['trim'], bevel=0.02)
    box('front plate', (front_x + 0.02, 0, clear + 0.3), (0.01, 0.5, 0.11), MAT['plate'], bevel=0.005)
    box('rear plate', (rear_x - 0.0, 0, clear + 0.42), (0.01, 0.5, 0.11), MAT['plate'], bevel=0.005)
    box('rear bumper', (rear_x + 0.03, 0, clear + 0.18), (0.08, W * 0.8, 0.1), MAT['trim'], bevel=0.03)
    for side in (-1, 1):
        box('sill', (0, side * (W / 2 - 0.02), clear + 0.09), (spec['wb'] - 2 * spec['r'] - 0.15, 0.04, 0.08), MAT['trim'], bevel=0.01)


def ute():
    L, W, wb, r, clear = 5.3, 1.86, 3.2, 0.38, 0.23
    front_x, rear_x = L / 2, -L / 2
    fw, rw = wb / 2 + 0.25, -wb / 2 + 0.25
    hood, belt, roof = 1.15, 1.2, 1.82
    bottom = []
    for cx in (rw, fw):
        ra = r + 0.07
        bottom += [(cx - ra, clear + 0.3)]
        for k in range(1, 12):
            a = math.pi - math.pi * k / 12
            bottom.append((cx + ra * math.cos(a), r + ra * math.sin(a)))
        bottom += [(cx + ra, clear + 0.3)]
    tub_end = -0.45
    # Cab + bonnet
    cab = [(tub_end, clear + 0.3), *[p for p in bottom if p[0] > tub_end], (front_x - 0.05, clear + 0.3), (front_x, hood - 0.25), (front_x - 0.1, hood),
           (front_x - 0.85, hood + 0.05), (front_x - 1.05, belt), (tub_end, belt)]
    profile_solid('ute cab', cab, -W / 2, W / 2, MAT['paint'], bevel=0.06, segments=3)
    green = [(tub_end + 0.05, belt), (front_x - 1.1, belt), (front_x - 1.65, roof - 0.03), (front_x - 1.8, roof), (tub_end + 0.15, roof), (tub_end + 0.06, roof - 0.05)]
    profile_solid('ute cabin', green, -W / 2 + 0.06, W / 2 - 0.06, MAT['glass'], bevel=0.05, segments=3, top_inset=0.1, top_from=belt + 0.02,
                  face_material=lambda n: MAT['paint'] if n.z > 0.97 else None)
    # Tub: floor and walls
    tub = [(rear_x, clear + 0.3), *[p for p in bottom if p[0] < tub_end], (tub_end - 0.05, clear + 0.3), (tub_end - 0.05, belt - 0.02), (rear_x, belt - 0.02)]
    for side in (-1, 1):
        y0 = side * W / 2
        profile_solid('tub side', tub, min(y0, y0 - side * 0.05), max(y0, y0 - side * 0.05), MAT['paint'], bevel=0.015, segments=2)
    box('tub floor', ((rear_x + tub_end) / 2, 0, clear + 0.55), (tub_end - rear_x - 0.06, W - 0.08, 0.04), MAT['trim'])
    box('tailgate', (rear_x + 0.025, 0, (clear + 0.3 + belt) / 2), (0.05, W, belt - clear - 0.32), MAT['paint'], bevel=0.015)
    box('sports bar', (tub_end - 0.15, 0, belt + 0.25), (0.05, W - 0.2, 0.05), MAT['trim'])
    for side in (-1, 1):
        tube('bar leg', (tub_end - 0.15, side * (W / 2 - 0.12), belt - 0.02), (tub_end - 0.15, side * (W / 2 - 0.12), belt + 0.26), 0.03, MAT['trim'])
        h = box('headlamp', (front_x - 0.04, side * (W / 2 - 0.25), hood - 0.15), (0.1, 0.36, 0.12), MAT['head'], bevel=0.02)
        box('tail lamp', (rear_x - 0.01, side * (W / 2 - 0.06), belt - 0.2), (0.06, 0.1, 0.28), MAT['tail'], bevel=0.01)
        box('mirror', (front_x - 1.25, side * (W / 2 + 0.06), belt + 0.1), (0.14, 0.18, 0.13), MAT['trim'], bevel=0.03)
        box('flare', (fw, side * (W / 2 + 0.01), r + 0.35), (0.95, 0.04, 0.1), MAT['trim'], bevel=0.02)
        box('flare', (rw, side * (W / 2 + 0.01), r + 0.35), (0.95, 0.04, 0.1), MAT['trim'], bevel=0.02)
    box('grille', (front_x + 0.005, 0, hood - 0.2), (0.06, W * 0.5, 0.3), MAT['trim'], bevel=0.02)
    box('bumper', (front_x, 0, clear + 0.22), (0.12, W * 0.95, 0.18), MAT['trim'], bevel=0.03)
    box('front plate', (front_x + 0.065, 0, clear + 0.22), (0.01, 0.5, 0.11), MAT['plate'])
    box('rear bumper', (rear_x - 0.02, 0, clear + 0.2), (0.1, W * 0.95, 0.12), MAT['chrome'], bevel=0.02)
    box('rear plate', (rear_x - 0.005, 0, clear + 0.45), (0.01, 0.5, 0.11), MAT['plate'])
    for cx in (rw, fw):
        for side in (-1, 1):
            wheel(cx, side * (W / 2 - 0.14), r, 0.26, side, spokes=6)


def van():
    L, W, wb, r, clear = 5.25, 1.95, 3.2, 0.35, 0.2
    front_x, rear_x = L / 2, -L / 2
    fw, rw = wb / 2 + 0.3, -wb / 2 + 0.2
    roof = 2.0
    bottom = []
    for cx in (rw, fw):
        ra = r + 0.06
        bottom += [(cx - ra, clear + 0.05)]
        for k in range(1, 12):
            a = math.pi - math.pi * k / 12
            bottom.append((cx + ra * math.cos(a), r + ra * math.sin(a)))
        bottom += [(cx + ra, clear + 0.05)]
    body = [(rear_x, clear + 0.12), *bottom, (front_x - 0.04, clear + 0.1), (front_x, clear + 0.45), (front_x - 0.05, 0.95), (front_x - 0.55, 1.12),
            (front_x - 1.25, roof - 0.05), (front_x - 1.4, roof), (rear_x + 0.05, roof), (rear_x, roof - 0.06)]
    profile_solid('van body', body, -W / 2, W / 2, MAT['paint'], bevel=0.07, segments=4)
    for side in (-1, 1):
        y = side * (W / 2 + 0.002)
        win = [(front_x - 0.6, 1.15), (front_x - 1.25, roof - 0.12), (front_x - 1.6, roof - 0.12), (front_x - 1.6, 1.15)]
        profile_solid('side window', win, min(y, y + side * 0.01), max(y, y + side * 0.01), MAT['glass'], bevel=0.0)
        box('slide rail', (-0.6, side * (W / 2 + 0.01), 1.75), (1.6, 0.02, 0.03), MAT['trim'], bevel=0.0)
        box('door seam', (front_x - 1.7, side * (W / 2 + 0.003), 1.15), (0.01, 0.01, 1.5), MAT['trim'], bevel=0.0)
        box('headlamp', (front_x - 0.08, side * (W / 2 - 0.25), 0.9), (0.12, 0.36, 0.12), MAT['head'], bevel=0.02)
        box('tail lamp', (rear_x - 0.005, side * (W / 2 - 0.07), 1.0), (0.04, 0.1, 0.4), MAT['tail'], bevel=0.01)
        box('mirror', (front_x - 0.75, side * (W / 2 + 0.1), 1.25), (0.1, 0.18, 0.25), MAT['trim'], bevel=0.03)
    # Windscreen: a glass slab over the sloped front
    ws = [(front_x - 0.6, 1.1), (front_x - 1.23, roof - 0.1), (front_x - 1.3, roof - 0.1), (front_x - 0.67, 1.1)]
    profile_solid('windscreen', ws, -W / 2 + 0.08, W / 2 - 0.08, MAT['glass'], bevel=0.0)
    box('grille', (front_x + 0.0, 0, 0.72), (0.08, W * 0.45, 0.22), MAT['trim'], bevel=0.02)
    box('bumper', (front_x + 0.0, 0, clear + 0.22), (0.12, W * 0.96, 0.2), MAT['trim'], bevel=0.03)
    box('front plate', (front_x + 0.065, 0, clear + 0.22), (0.01, 0.5, 0.11), MAT['plate'])
    box('rear bumper', (rear_x - 0.0, 0, clear + 0.2), (0.1, W * 0.96, 0.16), MAT['trim'], bevel=0.03)
    box('rear plate', (rear_x - 0.052, 0, clear + 0.5), (0.01, 0.5, 0.11), MAT['plate'])
    box('rear window', (rear_x - 0.003, 0, 1.6), (0.01, W * 0.8, 0.4), MAT['glass'], bevel=0.0)
    box('barn seam', (rear_x - 0.004, 0, 1.05), (0.01, 0.01, 1.7), MAT['trim'], bevel=0.0)
    box('sill', (0, -W / 2 + 0.0, clear + 0.1), (wb - 0.9, 0.05, 0.1), MAT['trim'], bevel=0.01)
    box('sill', (0, W / 2 - 0.0, clear + 0.1), (wb - 0.9, 0.05, 0.1), MAT['trim'], bevel=0.01)
    for cx in (rw, fw):
        for side in (-1, 1):
            wheel(cx, side * (W / 2 - 0.14), r, 0.23, side, spokes=5)


def caravan():
    L, W, r, clear = 6.2, 2.3, 0.34, 0.3
    front_x, rear_x = L / 2 - 0.6, -L / 2 - 0.6
    roof = 2.7
    body = [(rear_x, clear + 0.1), (front_x - 0.05, clear + 0.1), (front_x + 0.05, clear + 0.5), (front_x + 0.05, 1.5), (front_x - 0.3, roof - 0.05),
            (front_x - 0.5, roof), (rear_x + 0.05, roof), (rear_x, roof - 0.05)]
    profile_solid('caravan body', body, -W / 2, W / 2, MAT['white'], bevel=0.09, segments=4)
    axle = -0.7
    for side in (-1, 1):
        y = side * (W / 2 + 0.004)
        # Paint stripe along the side: the only painted part of a caravan, as the placeholders had it.
        stripe = [(rear_x + 0.1, 0.95), (front_x, 0.95), (front_x - 0.05, 1.15), (rear_x + 0.1, 1.15)]
        profile_solid('stripe', stripe, min(y, y + side * 0.008), max(y, y + side * 0.008), MAT['paint'], bevel=0.0)
        stripe2 = [(rear_x + 0.1, 1.2), (front_x - 0.1, 1.2), (front_x - 0.12, 1.26), (rear_x + 0.1, 1.26)]
        profile_solid('stripe', stripe2, min(y, y + side * 0.008), max(y, y + side * 0.008), MAT['paint'], bevel=0.0)
        box('skirt', (axle, side * (W / 2 - 0.05), clear + 0.05), (L - 1.0, 0.05, 0.2), MAT['trim'], bevel=0.01)
        box('arch', (axle, side * (W / 2 + 0.01), r + 0.2), (0.95, 0.04, 0.35), MAT['trim'], bevel=0.02)
        for wx, ww in ((front_x - 1.1, 1.1), (rear_x + 1.0, 0.9)):
            box('window', (wx, y, 1.75), (ww, 0.03, 0.55), MAT['glass'], bevel=0.02)
            box('window frame', (wx, y - side * 0.006, 1.75), (ww + 0.08, 0.03, 0.63), MAT['trim'], bevel=0.02)
        box('tail lamp', (rear_x - 0.02, side * (W / 2 - 0.15), 0.65), (0.04, 0.2, 0.12), MAT['tail'], bevel=0.01)
    # Door on the left (road-facing in Australia the door is on the left/kerb side)
    box('door', (axle - 1.2, -W / 2 - 0.01, 1.35), (0.65, 0.03, 1.8), MAT['white'], bevel=0.015)
    box('door seal', (axle - 1.2, -W / 2 - 0.004, 1.35), (0.7, 0.03, 1.85), MAT['trim'], bevel=0.015)
    box('door window', (axle - 1.2, -W / 2 - 0.027, 1.85), (0.4, 0.01, 0.4), MAT['glass'], bevel=0.01)
    box('front window', (front_x + 0.03, 0, 1.7), (0.04, W * 0.7, 0.4), MAT['glass'], bevel=0.02)
    box('rear window', (rear_x - 0.02, 0, 1.8), (0.03, W * 0.5, 0.45), MAT['glass'], bevel=0.02)
    box('rear plate', (rear_x - 0.02, 0, 0.6), (0.01, 0.5, 0.11), MAT['plate'])
    box('toolbox', (front_x + 0.35, 0, 0.75), (0.5, 1.4, 0.45), MAT['white'], bevel=0.04)
    tube('drawbar', (front_x, -0.8, 0.5), (front_x + 1.5, 0, 0.48), 0.05, MAT['trim'])
    tube('drawbar', (front_x, 0.8, 0.5), (front_x + 1.5, 0, 0.48), 0.05, MAT['trim'])
    box('coupling', (front_x + 1.55, 0, 0.5), (0.25, 0.12, 0.12), MAT['chrome'], bevel=0.02)
    tube('jockey', (front_x + 1.2, 0, 0.5), (front_x + 1.2, 0, 0.12), 0.035, MAT['chrome'])
    cylinder('jockey wheel', (front_x + 1.2, 0, 0.09), 0.09, 0.06, MAT['tyre'])
    box('gas bottle', (front_x + 0.4, 0.4, 1.13), (0.25, 0.25, 0.3), MAT['chrome'], bevel=0.1)
    for side in (-1, 1):
        wheel(axle, side * (W / 2 - 0.12), r, 0.2, side, spokes=6)


def motorcycle():
    r, wb = 0.33, 1.48
    fx, rx = wb / 2, -wb / 2
    for x in (fx, rx):
        wheel(x, 0, r, 0.12 if x > 0 else 0.16, -1, spokes=12, moto=True)
    # Paint: tank, tail, front guard, headlamp cowl.
    bpy.ops.mesh.primitive_uv_sphere_add(segments=32, ring_count=16, location=(0.12, 0, 1.0))
    tank = bpy.context.active_object
    tank.scale = (0.34, 0.17, 0.14)
    tank.rotation_euler = (0, 0.12, 0)
    tank.data.materials.append(MAT['paint'])
    shade_smooth(tank, 80)
    tail = profile_solid('tail', [(-0.25, 0.86), (-0.75, 0.95), (-0.78, 0.99), (-0.3, 0.98)], -0.1, 0.1, MAT['paint'], bevel=0.04, segments=3)
    seat = profile_solid('seat', [(-0.22, 0.9), (-0.62, 0.95), (-0.6, 1.0), (-0.22, 0.98)], -0.13, 0.13, MAT['seat'], bevel=0.04, segments=3)
    guard = profile_solid('front guard', [(fx - 0.3, r + 0.2), (fx, r + 0.38), (fx + 0.3, r + 0.25), (fx + 0.28, r + 0.29), (fx, r + 0.42), (fx - 0.32, r + 0.24)],
                          -0.07, 0.07, MAT['paint'], bevel=0.02, segments=2)
    cowl = profile_solid('cowl', [(0.6, 1.0), (0.8, 1.02), (0.78, 1.28), (0.64, 1.32)], -0.16, 0.16, MAT['paint'], bevel=0.05, segments=3)
    cylinder('headlamp', (0.8, 0, 1.1), 0.09, 0.06, MAT['head'], axis='X')
    box('tail lamp', (-0.79, 0, 0.94), (0.03, 0.12, 0.04), MAT['tail'], bevel=0.01)
    # Engine and frame
    box('engine', (0.05, 0, 0.55), (0.45, 0.3, 0.35), MAT['engine'], bevel=0.05)
    for i in range(5):
        box('fin', (0.1, 0, 0.74 + i * 0.03), (0.3, 0.34, 0.012), MAT['engine'], bevel=0.0)
    box('gearbox', (-0.25, 0, 0.5), (0.3, 0.22, 0.25), MAT['engine'], bevel=0.05)
    tube('exhaust', (0.25, -0.16, 0.45), (0.0, -0.18, 0.3), 0.035, MAT['chrome'])
    tube('exhaust', (0.0, -0.18, 0.3), (-0.75, -0.2, 0.45), 0.04, MAT['chrome'])
    tube('muffler', (-0.45, -0.2, 0.4), (-0.85, -0.2, 0.48), 0.06, MAT['chrome'])
    for y in (-0.07, 0.07):
        tube('fork', (fx, y, r), (0.62, y, 1.05), 0.025, MAT['chrome'])
        tube('swingarm', (rx, y * 1.3, r), (-0.25, y, 0.5), 0.025, MAT['trim'])
        tube('shock', (rx + 0.15, y * 1.6, r + 0.05), (-0.35, y * 1.6, 0.9), 0.025, MAT['chrome'])
    tube('frame', (0.6, 0, 1.05), (-0.3, 0, 0.92), 0.03, MAT['trim'])
    tube('frame', (0.6, 0, 1.0), (0.3, 0, 0.35), 0.03, MAT['trim'])
    tube('bars', (0.58, -0.38, 1.22), (0.58, 0.38, 1.22), 0.014, MAT['trim'])
    tube('riser', (0.62, 0, 1.08), (0.58, 0, 1.22), 0.02, MAT['chrome'])
    for y in (-0.38, 0.38):
        tube('grip', (0.58, y, 1.22), (0.58, y * 1.2, 1.22), 0.02, MAT['seat'])
        box('mirror', (0.6, y * 0.8, 1.42), (0.03, 0.1, 0.06), MAT['trim'])
        tube('mirror stem', (0.58, y * 0.7, 1.22), (0.6, y * 0.8, 1.4), 0.008, MAT['chrome'])
        tube('peg', (-0.1, y * 0.6, 0.38), (-0.1, y * 0.9, 0.38), 0.015, MAT['trim'])
    tube('stand', (-0.1, -0.15, 0.38), (-0.05, -0.35, 0.02), 0.015, MAT['trim'])
    bpy.context.view_layer.update()
    # Lean on the side stand a touch, like a parked motorcycle.
    parent = bpy.data.objects.new('bike', None)
    link(parent)
    for o in list(bpy.context.scene.objects):
        if o.type == 'MESH' and o.name != 'ground':
            o.parent = parent
    parent.rotation_euler = (math.radians(-4), 0, 0)


def build(kind):
    if kind in CARS:
        car_body(CARS[kind], kind)
    elif kind == 'ute':
        ute()
    elif kind == 'van':
        van()
    elif kind == 'caravan':
        caravan()
    elif kind == 'motorcycle':
        motorcycle()


# ---------------------------------------------------------------- camera

# Azimuth from the front (+X) towards the left side (-Y), and eye height in metres.
VIEW_ANGLES = {1: (38, 1.35), 2: (90, 1.2), 3: (142, 1.4), 4: (4, 1.25)}


def vehicle_bounds():
    pts = []
    deps = bpy.context.evaluated_depsgraph_get()
    for o in bpy.context.scene.objects:
        if o.type != 'MESH' or o.name == 'ground':
            continue
        ev = o.evaluated_get(deps)
        pts += [ev.matrix_world @ Vector(c) for c in ev.bound_box]
    lo = Vector((min(p.x for p in pts), min(p.y for p in pts), min(p.z for p in pts)))
    hi = Vector((max(p.x for p in pts), max(p.y for p in pts), max(p.z for p in pts)))
    return lo, hi, pts


def place_camera(scene, cam, view, moto=False):
    az, eye = VIEW_ANGLES[view]
    lo, hi, pts = vehicle_bounds()
    centre = (lo + hi) / 2
    target = Vector((centre.x, centre.y, hi.z * 0.42))
    direction = Vector((math.cos(math.radians(az)), -math.sin(math.radians(az)), 0))
    eye_h = eye * (0.85 if moto else 1.0)
    fill = 0.9 if view != 4 else 0.8
    # Walk back until every corner of the vehicle is inside the frame with a margin.
    d = 2.0
    while d < 40:
        cam.location = target + direction * d
        cam.location.z = eye_h
        look = target - cam.location
        cam.rotation_euler = look.to_track_quat('-Z', 'Y').to_euler()
        bpy.context.view_layer.update()
        ok = True
        for p in pts:
            c = world_to_camera_view(scene, cam, p)
            if c.z <= 0 or abs(c.x - 0.5) > fill / 2 or abs(c.y - 0.5) > fill / 2:
                ok = False
                break
        if ok:
            break
        d *= 1.03


# ---------------------------------------------------------------- passes → colours


def compositor(scene, tmp):
    scene.use_nodes = True
    nt = scene.node_tree
    nt.nodes.clear()
    rl = nt.nodes.new('CompositorNodeRLayers')
    out = nt.nodes.new('CompositorNodeOutputFile')
    out.base_path = tmp
    out.format.file_format = 'OPEN_EXR'
    out.format.color_depth = '32'
    out.file_slots.clear()
    for name in ('combined', 'light', 'paint'):
        out.file_slots.new(name)
    nt.links.new(rl.outputs['Image'], out.inputs['combined'])
    add = nt.nodes.new('CompositorNodeMixRGB')
    add.blend_type = 'ADD'
    nt.links.new(rl.outputs['DiffDir'], add.inputs[1])
    nt.links.new(rl.outputs['DiffInd'], add.inputs[2])
    light = add.outputs[0]
    if HAS_OIDN:
        dn = nt.nodes.new('CompositorNodeDenoise')
        nt.links.new(add.outputs[0], dn.inputs['Image'])
        light = dn.outputs[0]
    nt.links.new(light, out.inputs['light'])
    nt.links.new(rl.outputs['paint'], out.inputs['paint'])
    comp = nt.nodes.new('CompositorNodeComposite')
    nt.links.new(rl.outputs['Image'], comp.inputs['Image'])


def read_exr(path):
    img = bpy.data.images.load(path)
    img.colorspace_settings.name = 'Non-Color'
    w, h = img.size
    px = np.empty(w * h * 4, dtype=np.float32)
    img.pixels.foreach_get(px)
    bpy.data.images.remove(img)
    return px.reshape(h, w, 4)


def save(scene, pixels, path):
    h, w = pixels.shape[:2]
    img = bpy.data.images.new('out', w, h, alpha=False, float_buffer=True)
    img.pixels.foreach_set(pixels.ravel())
    img.save_render(path, scene=scene)
    bpy.data.images.remove(img)


def render_kind(kind):
    for view in VIEWS:
        scene = reset_scene()
        vl = scene.view_layers[0]
        vl.use_pass_diffuse_direct = True
        vl.use_pass_diffuse_indirect = True
        aov = vl.aovs.add()
        aov.name = 'paint'
        aov.type = 'VALUE'
        materials()
        # Sun from the camera's side, swung 45° towards the rear: the flank is lit and the shape reads.
        az = VIEW_ANGLES[view][0]
        world(scene, sun_azimuth=az + 45)
        bpy.ops.mesh.primitive_plane_add(size=400, location=(0, 0, 0))
        ground = bpy.context.active_object
        ground.name = 'ground'
        ground.data.materials.append(MAT['ground'])
        build(kind)
        cam_data = bpy.data.cameras.new('camera')
        cam_data.lens = 50 if view != 4 else 60
        cam = link(bpy.data.objects.new('camera', cam_data))
        scene.camera = cam
        place_camera(scene, cam, view, moto=kind == 'motorcycle')
        tmp = os.path.join(OUT, '.passes', f'{kind}-{view}')
        os.makedirs(tmp, exist_ok=True)
        compositor(scene, tmp)
        scene.frame_set(1)
        scene.render.filepath = os.path.join(tmp, 'beauty.png')
        bpy.ops.render.render(write_still=True)
        combined = read_exr(os.path.join(tmp, 'combined0001.exr'))
        light = read_exr(os.path.join(tmp, 'light0001.exr'))
        mask = read_exr(os.path.join(tmp, 'paint0001.exr'))[..., 0]
        mask = np.clip(mask, 0.0, 1.0)
        for name, colour in COLOURS.items():
            save(scene, recolour(combined, light, mask, colour), os.path.join(OUT, f'{kind}-{name}-{view}.png'))
        print(f'demo-photos: {kind} view {view} done', flush=True)


if __name__ == '__main__':
    os.makedirs(OUT, exist_ok=True)
    for k in KINDS:
        render_kind(k)
