//! `damero serve`: the web board (crate `damero-web`) on a loopback port.

use std::net::IpAddr;
use std::time::Duration;

use damero_web::{Config, Server};

use crate::error::CliError;

/// `damero serve`: play and analyse every game in a browser.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port to listen on; 0 takes any free port. The page's address is
    /// printed on stdout either way.
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// The address to bind. Loopback (127.0.0.1) unless given: any other
    /// address lets other machines use the board and its CPU (a warning is
    /// printed).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Search threads all the sessions share (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Hash memory all the searches share, in MiB.
    #[arg(long, default_value_t = 256)]
    hash: usize,
    /// Minutes without a request after which a session is dropped.
    #[arg(long, default_value_t = 30)]
    idle: u64,
    /// The most sessions (browser tabs) at once.
    #[arg(long, default_value_t = 1000)]
    max_sessions: usize,
}

/// Runs the server until the process is stopped.
pub fn run(args: Args) -> Result<(), CliError> {
    if !args.host.is_loopback() {
        eprintln!(
            "warning: serving on {} rather than loopback: anyone who can reach this machine can use the board and its CPU",
            args.host
        );
    }
    if args.hash == 0 || args.max_sessions == 0 || args.threads == Some(0) || args.idle == 0 {
        return Err(CliError::usage("--hash, --threads, --idle and --max-sessions must be positive"));
    }
    let config = Config {
        host: args.host,
        port: args.port,
        idle: Duration::from_secs(args.idle.saturating_mul(60)),
        max_sessions: args.max_sessions,
        search_threads: args.threads.unwrap_or_else(damero_engine::max_threads),
        hash_mib: args.hash,
        ..Config::default()
    };
    let server = Server::start(config)
        .map_err(|e| CliError::engine(format!("cannot listen on {}:{}: {e}", args.host, args.port)))?;
    let url = server.url();
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(out, "{url}").and_then(|()| out.flush()).map_err(CliError::StdoutClosed)?;
    }
    eprintln!("damero serve: the board is at {url} (Ctrl-C stops the server)");
    if args.open {
        open_browser(&url);
    }
    server.wait();
    Ok(())
}

/// Asks the desktop to open `url`; says so on stderr when it cannot.
fn open_browser(url: &str) {
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let spawned = std::process::Command::new(opener[0])
        .args(&opener[1..])
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if spawned.is_err() {
        eprintln!("damero serve: could not open a browser; open {url} yourself");
    }
}
