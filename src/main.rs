fn main() -> std::process::ExitCode {
    flipbook::main_with(std::env::args_os())
}
