//! Writing a file whole, and the check a file carries: what a long job or a saved game leaves on disk is
//! either the file as it was or the complete new one, never a cut one.
//!
//! [`write_whole`] writes beside the target (`NAME.part`), flushes to the
//! disk and renames over the target: an interrupt or a full disk leaves
//! at most a `.part` file, which no reader looks at. A target that is not a
//! regular file (`/dev/stdout`, a pipe, `/dev/full`) is written in place:
//! renaming over it would replace the device or pipe instead of writing
//! to it.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The 64-bit FNV-1a hash of `bytes`: the check the file formats carry
/// (endgame database slices, opening books) so a damaged file is refused.
pub const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut i = 0;
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// The temporary file [`write_whole`] writes before it renames: `path` with
/// `.part` appended.
pub fn part_path(path: &Path) -> PathBuf {
    let mut part = path.as_os_str().to_owned();
    part.push(".part");
    PathBuf::from(part)
}

/// Writes `bytes` to `path` whole or not at all (see the [module
/// documentation](self)).
///
/// # Errors
/// The I/O error of creating, writing, flushing or renaming; the `.part`
/// file is removed then, and `path` is as it was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        let mut file = fs::OpenOptions::new().write(true).open(path)?;
        file.write_all(bytes)?;
        return file.flush();
    }
    let part = part_path(path);
    let written = (|| {
        let mut file = fs::File::create(&part)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&part, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&part);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("damero-core-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_whole_write_replaces_the_file_and_leaves_no_part_file() {
        let dir = scratch("replace");
        let path = dir.join("out.txt");
        fs::write(&path, "old").unwrap();
        write_whole(&path, b"new contents").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new contents");
        assert!(!part_path(&path).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_part_file() {
        let dir = scratch("fail");
        // A directory where the file should be: nothing can be written.
        let path = dir.join("taken");
        fs::create_dir(&path).unwrap();
        fs::write(path.join("inside"), "kept").unwrap();
        assert!(write_whole(&path, b"new").is_err());
        assert_eq!(fs::read(path.join("inside")).unwrap(), b"kept");
        assert!(!part_path(&path).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_is_an_error_not_a_replaced_device() {
        let error = write_whole(Path::new("/dev/full"), b"anything").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        assert!(fs::metadata("/dev/full").is_ok_and(|m| !m.is_file()));
    }
}
