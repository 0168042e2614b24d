#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    changeling::cli::run()
}
