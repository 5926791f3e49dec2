//! The rules course (spec/COURSE.md): every lesson and stage checked by the referee
//! ([`lessons`]). The course as `serve` shows it is tested in `serve/`.

mod lessons;
