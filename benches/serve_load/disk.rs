//! `disk`: the data folder's disk alone.

use std::time::{Duration, Instant};

/// `disk`: the data folder's disk alone, before the runs: for 15 s, one writer writes 2000
/// bytes to a file, flushes it (`fdatasync`) and flushes the folder, as the server does for an
/// action; the latencies, and the flushes over 50 ms (a stall of the disk holds every game's
/// action at once).
pub(super) fn disk(data: &std::path::Path) {
    use std::io::Write as _;
    let dir = data.join("disk");
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("disk: cannot make {}: {e}", dir.display());
        return;
    }
    let path = dir.join("probe.sdn");
    let text = vec![b'x'; 2000];
    let start = Instant::now();
    let mut all = Vec::new();
    let mut slow = Vec::new();
    while start.elapsed() < Duration::from_secs(15) {
        let began = Instant::now();
        let wrote = std::fs::File::create(&path)
            .and_then(|mut f| f.write_all(&text).and_then(|()| f.sync_data()))
            .and_then(|()| std::fs::File::open(&dir).and_then(|d| d.sync_all()));
        if let Err(e) = wrote {
            eprintln!("disk: {e}");
            return;
        }
        let took = began.elapsed();
        if took > Duration::from_millis(50) {
            slow.push(format!(
                "{:.0} ms at {:.1} s",
                took.as_secs_f64() * 1000.0,
                began.duration_since(start).as_secs_f64()
            ));
        }
        all.push(took);
    }
    let _ = std::fs::remove_dir_all(&dir);
    if all.is_empty() {
        return;
    }
    all.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "disk alone: {} writes, each flushed with its folder, in 15 s: median {:.2} ms, p99 {:.2} ms, max {:.1} ms; over 50 ms: {}",
        all.len(),
        ms(all[all.len() / 2]),
        ms(all[all.len() * 99 / 100]),
        ms(all[all.len() - 1]),
        if slow.is_empty() {
            "none".to_owned()
        } else {
            slow.join(", ")
        }
    );
}
