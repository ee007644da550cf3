//! Writing a user's file so that a failure never cuts it: the new text goes
//! to a temporary file in the same folder, is flushed to disk, takes the old
//! file's permissions, and is renamed over the old file in one step. On any
//! failure (a full disk, a size limit, a read-only folder) the old file is
//! left as it was and the temporary file is removed.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Replaces `path` with `bytes`, or creates it. A symbolic link is
/// followed, so the file it names is replaced and the link stays a link.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = &std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let kept = written_beside(path, bytes)?;
    if let Ok(old) = std::fs::metadata(path) {
        kept.as_file().set_permissions(old.permissions())?;
    }
    kept.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Creates `path` with `bytes`; an existing file (even one made while
/// writing) is an error and is not touched.
pub fn create_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    written_beside(path, bytes)?.persist_noclobber(path).map_err(|e| e.error)?;
    Ok(())
}

/// A temporary file in `path`'s folder holding `bytes`, flushed to disk.
fn written_beside(path: &Path, bytes: &[u8]) -> io::Result<tempfile::NamedTempFile> {
    let mut file =
        tempfile::Builder::new().prefix(&format!(".{}.", file_name(path))).suffix(".tmp").tempfile_in(folder(path))?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    Ok(file)
}

fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}
