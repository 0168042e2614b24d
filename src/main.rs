fn main() -> std::process::ExitCode {
    changeling::cli::run()
}
