//! The pictures: the model of views, boards and marks on every corpus game ([`model`]), and the
//! HTML report in a real headless browser ([`report_browser`]).

mod model;
mod report_browser;
