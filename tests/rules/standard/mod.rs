//! Standard chess: the rulings (S1, S2, FIDE Laws) and the record builders the other rule sets'
//! tests share ([`rulings`]), perft against the shared node counts ([`perft`]), and real games
//! replayed against python-chess and scalachess ([`real_records`]).

mod perft;
mod real_records;
pub mod rulings;
