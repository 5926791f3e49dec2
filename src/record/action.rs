//! One action of a turn (a move, a sacrifice, a resurrection, or `--`), its check mark and
//! glyph, as written; and how each is named in JSON.

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Role, Square};

use super::notation::{SanMove, UciMove};
use super::span::Span;

/// One thing a player did, in the order performed: a move, a sacrifice, a resurrection, or `--`.
///
/// Read from JSON strictly (through `ActionFields`): exactly one of `san`, `uci`, `sacrifice`,
/// `resurrection` and `nothing`, and no field that spec/sdn.schema.json does not name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ActionFields")]
pub struct Action {
    #[serde(flatten)]
    pub kind: ActionKind,
    /// `+` or `#` as written (`++` reads as `+`). The referee checks it against the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
    /// A move-quality glyph written straight after the action (`!`, `?!`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<Glyph>,
    #[serde(default)]
    pub span: Span,
}

/// What the action is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// A move in SAN: `Nf3`, `exd5`, `e8=Q`, `O-O`.
    San(SanMove),
    /// A move in UCI: `g1f3`, `e7e8q`.
    Uci(UciMove),
    /// Face 4: a piece of one's own taken off the board, `-Nc3` (or `-e4`: no letter given).
    Sacrifice {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "role_letter_opt"
        )]
        role: Option<Role>,
        #[serde(with = "square_name")]
        square: Square,
    },
    /// Face 5: an enemy piece put back on the board, `Q@d4`.
    Resurrection {
        #[serde(with = "role_letter")]
        role: Role,
        #[serde(with = "square_name")]
        square: Square,
    },
    /// `--` (also `Z0`, `0000`): "nothing can be done" in Sade, a null move in other games.
    Nothing {},
}

/// An action as JSON writes it, before it is known to say one thing: every field the schema
/// allows, none other. `kind` and `resolved` are what `convert --annotate` adds; the referee
/// works them out again, so they are read and set aside.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionFields {
    #[serde(default)]
    san: Option<SanMove>,
    #[serde(default)]
    uci: Option<UciMove>,
    #[serde(default)]
    sacrifice: Option<SacrificeFields>,
    #[serde(default)]
    resurrection: Option<ResurrectionFields>,
    #[serde(default)]
    nothing: Option<NothingFields>,
    #[serde(default)]
    check: Option<Check>,
    #[serde(default)]
    glyph: Option<Glyph>,
    #[serde(default)]
    span: Span,
    #[serde(default, rename = "kind")]
    _kind: Option<serde::de::IgnoredAny>,
    #[serde(default, rename = "resolved")]
    _resolved: Option<serde::de::IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SacrificeFields {
    #[serde(default, with = "role_letter_opt")]
    role: Option<Role>,
    #[serde(with = "square_name")]
    square: Square,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResurrectionFields {
    #[serde(with = "role_letter")]
    role: Role,
    #[serde(with = "square_name")]
    square: Square,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NothingFields {}

impl TryFrom<ActionFields> for Action {
    type Error = String;

    fn try_from(fields: ActionFields) -> Result<Action, String> {
        let ActionFields {
            san,
            uci,
            sacrifice,
            resurrection,
            nothing,
            check,
            glyph,
            span,
            _kind: _,
            _resolved: _,
        } = fields;
        let mut kinds = Vec::with_capacity(1);
        if let Some(san) = san {
            kinds.push(("san", ActionKind::San(san)));
        }
        if let Some(uci) = uci {
            kinds.push(("uci", ActionKind::Uci(uci)));
        }
        if let Some(SacrificeFields { role, square }) = sacrifice {
            kinds.push(("sacrifice", ActionKind::Sacrifice { role, square }));
        }
        if let Some(ResurrectionFields { role, square }) = resurrection {
            kinds.push(("resurrection", ActionKind::Resurrection { role, square }));
        }
        if nothing.is_some() {
            kinds.push(("nothing", ActionKind::Nothing {}));
        }
        match kinds.len() {
            1 => Ok(Action {
                kind: kinds.remove(0).1,
                check,
                glyph,
                span,
            }),
            0 => Err(
                "an action says what it is: one of san, uci, sacrifice, resurrection, \
                      nothing"
                    .to_owned(),
            ),
            _ => {
                let names: Vec<&str> = kinds.iter().map(|(name, _)| *name).collect();
                Err(format!(
                    "an action is one thing: this one has both {}",
                    names.join(" and ")
                ))
            }
        }
    }
}

impl Action {
    pub fn new(kind: ActionKind) -> Action {
        Action {
            kind,
            check: None,
            glyph: None,
            span: Span::default(),
        }
    }
}

impl fmt::Display for ActionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionKind::San(san) => write!(f, "{san}"),
            ActionKind::Uci(uci) => write!(f, "{uci}"),
            ActionKind::Sacrifice {
                role: Some(role),
                square,
            } => write!(f, "-{}{square}", role.upper_char()),
            ActionKind::Sacrifice { role: None, square } => write!(f, "-{square}"),
            ActionKind::Resurrection { role, square } => {
                write!(f, "{}@{square}", role.upper_char())
            }
            ActionKind::Nothing {} => f.write_str("--"),
        }
    }
}

/// The action with its suffixes, as canonical SDN writes it: `Nf3+!`.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        if let Some(check) = self.check {
            f.write_str(check.as_str())?;
        }
        if let Some(glyph) = self.glyph {
            f.write_str(glyph.as_str())?;
        }
        Ok(())
    }
}

/// A check or mate suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Check {
    #[serde(rename = "+")]
    Check,
    #[serde(rename = "#")]
    Mate,
}

impl Check {
    pub fn as_str(self) -> &'static str {
        match self {
            Check::Check => "+",
            Check::Mate => "#",
        }
    }
}

/// A move-quality glyph, the suffix form of NAGs 1–6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Glyph {
    #[serde(rename = "!")]
    Good,
    #[serde(rename = "?")]
    Mistake,
    #[serde(rename = "!!")]
    Brilliant,
    #[serde(rename = "??")]
    Blunder,
    #[serde(rename = "!?")]
    Speculative,
    #[serde(rename = "?!")]
    Dubious,
}

impl Glyph {
    pub const ALL: [Glyph; 6] = [
        Glyph::Good,
        Glyph::Mistake,
        Glyph::Brilliant,
        Glyph::Blunder,
        Glyph::Speculative,
        Glyph::Dubious,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Speculative => "!?",
            Glyph::Dubious => "?!",
        }
    }

    pub fn from_ascii(text: &[u8]) -> Option<Glyph> {
        Glyph::ALL
            .into_iter()
            .find(|g| g.as_str().as_bytes() == text)
    }

    /// The NAG this glyph stands for (`$1` … `$6`).
    pub fn nag(self) -> u8 {
        Glyph::ALL
            .iter()
            .position(|&g| g == self)
            .map_or(0, |i| i as u8 + 1)
    }
}

mod role_letter {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Role;

    pub fn serialize<S: Serializer>(role: &Role, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(role.upper_char())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        let c = char::deserialize(d)?;
        Role::from_char(c.to_ascii_lowercase()).ok_or_else(|| {
            serde::de::Error::custom(format!("{c:?} is not a piece letter (K, Q, R, B, N, P)"))
        })
    }
}

mod role_letter_opt {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Role;

    #[allow(clippy::ref_option)]
    pub fn serialize<S: Serializer>(role: &Option<Role>, s: S) -> Result<S::Ok, S::Error> {
        match role {
            Some(role) => crate::record::action::role_letter::serialize(role, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Role>, D::Error> {
        #[derive(Deserialize)]
        struct Wrap(#[serde(with = "super::role_letter")] Role);
        Ok(Option::<Wrap>::deserialize(d)?.map(|Wrap(r)| r))
    }
}

mod square_name {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Square;

    pub fn serialize<S: Serializer>(square: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(square)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| serde::de::Error::custom(format!("{text:?} is not a square (a1 … h8)")))
    }
}
