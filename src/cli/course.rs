//! `sade-ref course`: the rules course's lessons, listed or checked with the referee.

use std::path::PathBuf;

use sade_ref::course::{Course, LessonError, check_lesson, check_stage, check_wordings};

use super::exit::Exit;

/// The rules course: one lesson for each Article of Marquis de Sade chess a player meets and
/// for each of M1–M7 of Marseillais chess (spec/COURSE.md).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  sade-ref course list\n  sade-ref course check course/")]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// One line per stage (its name, Article and title), then one per task of it (its name, the
    /// Article it teaches, its title), in the course's order.
    List {
        /// A folder laid out as `course/` (`sade/*.json`, `marseillais/*.json`); default: the
        /// lessons built into sade-ref.
        dir: Option<PathBuf>,
    },
    /// Checks every lesson with the referee (its solution is accepted and reaches the goal, each
    /// wrong answer is refused under the Article it expects, the lesson is not over at the
    /// start), every stage (its tasks and sentences), and that every Article cited has its words.
    /// Exit code 1 when any fails.
    Check {
        /// A folder laid out as `course/`; default: the lessons built into sade-ref.
        dir: Option<PathBuf>,
    },
}

fn load(dir: Option<&PathBuf>) -> Result<Course, Vec<LessonError>> {
    match dir {
        Some(dir) => Course::from_dir(dir),
        None => Course::embedded(),
    }
}

pub fn run(args: &Args) -> Exit {
    let (Sub::List { dir } | Sub::Check { dir }) = &args.command;
    let course = match load(dir.as_ref()) {
        Ok(course) => course,
        Err(errors) => {
            for e in &errors {
                eprintln!("sade-ref: course: {e}");
            }
            return Exit::Problems;
        }
    };
    match &args.command {
        Sub::List { .. } => {
            for stage in &course.stages {
                println!("{}\t{}\t{}", stage.id, stage.article, stage.title);
                for lesson in stage.tasks.iter().filter_map(|t| course.lesson(t)) {
                    println!("  {}\t{}\t{}", lesson.id, lesson.article, lesson.title);
                }
            }
            Exit::Ok
        }
        Sub::Check { .. } => {
            let mut failed = 0;
            for lesson in &course.lessons {
                let problems = check_lesson(lesson);
                if problems.is_empty() {
                    println!("ok\t{}\t{}", lesson.id, lesson.article);
                } else {
                    failed += 1;
                    for p in problems {
                        println!("FAILED\t{p}");
                    }
                }
            }
            let mut stages_failed = 0;
            for stage in &course.stages {
                let problems = check_stage(&course, stage);
                if problems.is_empty() {
                    println!("ok\t{}\t{} tasks", stage.id, stage.tasks.len());
                } else {
                    stages_failed += 1;
                    for p in problems {
                        println!("FAILED\tstage {}: {}", p.lesson, p.message);
                    }
                }
            }
            println!(
                "{} lessons, {} checked by the referee, {failed} failed; {} stages, \
                 {stages_failed} failed",
                course.lessons.len(),
                course.lessons.len() - failed,
                course.stages.len()
            );
            failed += stages_failed;
            let unsaid = check_wordings(&course);
            for p in &unsaid {
                println!("FAILED\tlesson {}: {}", p.lesson, p.message);
            }
            println!(
                "{} Articles with their words, {} cited without them",
                course.wordings.len(),
                unsaid.len()
            );
            failed += unsaid.len();
            if failed == 0 {
                Exit::Ok
            } else {
                Exit::Problems
            }
        }
    }
}
