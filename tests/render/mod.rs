//! The pictures: the model of views, boards and marks on every corpus game ([`model`]), and the
//! HTML report in a real headless browser ([`report_browser`]); the report of an analysed game
//! ([`report_analysis`]).

mod model;
mod report_analysis;
mod report_browser;
