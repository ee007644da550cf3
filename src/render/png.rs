//! PNG pictures: the SVG picture rasterised by `resvg` (built with the
//! `png` feature only). Labels use the system's fonts; the generic
//! `sans-serif` of the SVG maps to the first common sans face installed.

use resvg::{tiny_skia, usvg};

/// Sans faces tried, in order, for the SVG's `sans-serif`.
const SANS_FACES: [&str; 6] = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "Arial", "Helvetica", "FreeSans"];

/// The PNG bytes of an SVG picture, and a warning when no font was found
/// (the labels are then left out).
pub fn svg_to_png(svg: &str) -> Result<(Vec<u8>, Option<String>), String> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    let families: Vec<String> =
        fonts.faces().flat_map(|face| face.families.iter().map(|(name, _)| name.clone())).collect();
    let sans = SANS_FACES.iter().map(|f| f.to_string()).find(|f| families.contains(f)).or(families.first().cloned());
    let warning = match sans {
        Some(family) => {
            fonts.set_sans_serif_family(family);
            None
        }
        None => Some("no font is installed, so the picture has no labels".to_string()),
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the SVG picture does not parse: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("a {} x {} picture is too large", size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let bytes = pixmap.encode_png().map_err(|e| format!("cannot encode the PNG: {e}"))?;
    Ok((bytes, warning))
}
