//! Serves the web board on a free loopback port (what `damero serve` does):
//! `cargo run -p damero-web --example serve [PORT]`.

fn main() {
    let port = std::env::args().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0);
    match damero_web::Server::start(damero_web::Config { port, ..damero_web::Config::default() }) {
        Ok(server) => {
            println!("{}", server.url());
            server.wait();
        }
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    }
}
