//! Reliability, third pass (issue 18): nothing lost beside `play`, no book bricked, no bookmark
//! a panic, no special file a hang.

mod common;
use common::Env;

fn play(env: &Env, args: &[&str], input: &str) -> (i32, String, String) {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    let out = env
        .cmd(&a)
        .env("NO_COLOR", "1")
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_bookmark_with_more_loop_answers_than_the_loop_is_broken_not_a_panic() {
    let env = Env::new();
    play(&env, &[], "quit\n");
    let mark = env.data().join("mr-president/bookmark.json");
    // focus-rolls loops over six priorities; the bookmark has answered nine (a player's own
    // sequence.yaml shortened the loop), and a roll for the ninth.
    let state = r#"{"items":[false,false,false,false,false,false,false,false,false],
        "rolled":[{"chart":"focus","item":8}]}"#;
    for (state, visited) in [
        (state, "{}".to_string()),
        ("{}", format!(r#"{{"1/1/focus-rolls": {state}}}"#)),
        (r#"{"rolled":[{"chart":"x","chit":3}]}"#, "{}".to_string()),
    ] {
        std::fs::write(
            &mark,
            format!(
                r#"{{"book":"mr-president","turn":1,"phase":"1","segment":"focus-rolls","state":{state},"visited":{visited}}}"#
            ),
        )
        .unwrap();
        for args in [&[][..], &["--goto", "focus-rolls", "--turn", "1"][..]] {
            let (code, out, err) = play(&env, args, "next\nroll\nquit\n");
            assert!(!err.contains("panicked"), "{err}");
            if args.is_empty() {
                assert_eq!(code, 1, "{out}{err}");
                assert!(
                    err.contains("does not fit")
                        && err.contains("bookmark.json")
                        && err.contains("--restart"),
                    "{err}"
                );
            }
        }
        let (code, _, err) = env.run(&["where"]);
        assert!(!err.contains("panicked"), "{err}");
        assert_ne!(code, 101);
    }
}

#[test]
fn a_bookmark_error_keeps_its_way_out_however_long_the_segment() {
    let env = Env::new();
    play(&env, &[], "quit\n");
    let mark = env.data().join("mr-president/bookmark.json");
    let long = "x".repeat(5 * 1024 * 1024);
    std::fs::write(
        &mark,
        format!(r#"{{"book":"mr-president","turn":1,"phase":"1","segment":"{long}"}}"#),
    )
    .unwrap();
    let (code, _, err) = play(&env, &[], "quit\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("--restart") && err.contains("bookmark.json") && err.len() < 2000,
        "{}",
        &err[..err.len().min(3000)]
    );
}
