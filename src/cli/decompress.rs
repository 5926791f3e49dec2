//! Opening an input: a file or standard input, plain or compressed (gzip, zstd, bzip2), told
//! apart by its first bytes, never by its name.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How an input is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    Plain,
    Gzip,
    Zstd,
    Bzip2,
    /// A compression sade-ref knows by its magic number but does not decode (xz, lz4, 7-Zip,
    /// zip).
    Other(&'static str),
}

impl Compression {
    /// Which compression the first bytes of a stream announce.
    pub fn sniff(head: &[u8]) -> Compression {
        match head {
            [0x1F, 0x8B, ..] => Compression::Gzip,
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Compression::Zstd,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            [0xFD, b'7', b'z', b'X', b'Z', 0x00, ..] => Compression::Other("xz"),
            [0x04, 0x22, 0x4D, 0x18, ..] => Compression::Other("lz4"),
            [b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C, ..] => Compression::Other("7-Zip"),
            [b'P', b'K', 0x03, 0x04, ..] => Compression::Other("zip"),
            _ => Compression::Plain,
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::Plain => "plain text",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Other(name) => name,
        })
    }
}

/// Counts the bytes read from the file itself (compressed bytes for an archive), for the
/// progress bar.
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An opened input: its text (decompressed) and what is known of the file.
pub struct Opened {
    pub text: Box<dyn Read + Send>,
    pub compression: Compression,
    /// The file's size in bytes, when it is a regular file.
    pub size: Option<u64>,
    /// Bytes of the file read so far.
    pub read: Arc<AtomicU64>,
}

/// Opens `path` (`-`: standard input) and decodes it if its first bytes say it is compressed.
///
/// A compressed file is decoded once to the end before it is read: gzip and bzip2 carry their
/// checksums at the end of a member or block (zstd, when the frame has one), so damage is
/// found before a single game is verified, and no game is read from damaged data. Standard
/// input cannot be read twice: there, damage is found where the decoder meets it, and the
/// games decoded before it are verified.
///
/// # Errors
/// The file cannot be opened or read, or its compressed data is corrupt or cut short.
pub fn open(path: &Path) -> io::Result<Opened> {
    let opened = open_once(path)?;
    if opened.compression == Compression::Plain || opened.size.is_none() {
        return Ok(opened);
    }
    let mut text = opened.text;
    io::copy(&mut text, &mut io::sink())?;
    open_once(path)
}

/// What a decoder's failure says, in words.
fn corrupt(compression: Compression, error: &io::Error) -> io::Error {
    io::Error::new(
        error.kind(),
        format!("cannot decode the {compression} data (corrupt or cut short): {error}"),
    )
}

/// A decoder whose errors say which compression failed.
struct Decoded {
    inner: Box<dyn Read + Send>,
    compression: Compression,
}

impl Read for Decoded {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner
            .read(buf)
            .map_err(|e| corrupt(self.compression, &e))
    }
}

fn open_once(path: &Path) -> io::Result<Opened> {
    let (raw, size): (Box<dyn Read + Send>, Option<u64>) = if path.as_os_str() == "-" {
        (Box::new(io::stdin()), None)
    } else {
        let file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::other("is a directory, not a file of games"));
        }
        (Box::new(file), meta.is_file().then_some(meta.len()))
    };
    let read = Arc::new(AtomicU64::new(0));
    let mut counted = Counting {
        inner: raw,
        count: Arc::clone(&read),
    };
    // The magic number, however the first reads of a pipe arrive; then read again in front.
    let mut head = Vec::with_capacity(6);
    (&mut counted).take(6).read_to_end(&mut head)?;
    let compression = Compression::sniff(&head);
    let raw = BufReader::with_capacity(1 << 16, io::Cursor::new(head).chain(counted));
    let text: Box<dyn Read + Send> = match compression {
        Compression::Plain => Box::new(raw),
        // Concatenated members and frames (`cat a.gz b.gz`) are read one after another.
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(raw)?),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(raw)),
        Compression::Other(name) => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "compressed as {name}, which sade-ref does not decode (it reads gzip, zstd \
                     and bzip2): decompress it first"
                ),
            ));
        }
    };
    let text: Box<dyn Read + Send> = match compression {
        Compression::Plain => text,
        compression => Box::new(Decoded {
            inner: text,
            compression,
        }),
    };
    Ok(Opened {
        text,
        compression,
        size,
        read,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_bytes_name_the_compression() {
        assert_eq!(Compression::sniff(b"\x1F\x8B\x08\x00"), Compression::Gzip);
        assert_eq!(Compression::sniff(b"\x28\xB5\x2F\xFD"), Compression::Zstd);
        assert_eq!(Compression::sniff(b"BZh91AY"), Compression::Bzip2);
        assert_eq!(Compression::sniff(b"BZh "), Compression::Plain);
        assert_eq!(Compression::sniff(b"[Event"), Compression::Plain);
        assert_eq!(Compression::sniff(b""), Compression::Plain);
        assert_eq!(
            Compression::sniff(b"\xFD7zXZ\x00\x00"),
            Compression::Other("xz")
        );
    }
}
