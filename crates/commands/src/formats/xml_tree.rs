//! A small XML document read whole into a tree of elements (name, attributes, text,
//! children), for the publishers' XML files (`formats::tom`): they are small (a few hundred
//! players), and a tree reads them the way their documentation describes them.

use std::collections::BTreeMap;

use quick_xml::events::Event;

/// Elements nested deeper than this are refused (no tournament file nests past ten).
const DEPTH_AT_MOST: usize = 64;
/// Elements in one document at most.
const ELEMENTS_AT_MOST: usize = 500_000;

/// One element: its name, its attributes, the text directly inside it, its children.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub attributes: BTreeMap<String, String>,
    pub text: String,
    pub children: Vec<Element>,
}

impl Element {
    /// The first child named `name`.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// Every child named `name`.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The trimmed text of the first child named `name` ("" when there is none).
    pub fn child_text(&self, name: &str) -> &str {
        self.child(name).map_or("", |c| c.text.trim())
    }

    /// The attribute `name`, trimmed.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.get(name).map(|v| v.trim())
    }
}

/// Why a document could not be read: what the parser said, and where (a byte offset).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError {
    pub detail: String,
    pub at: u64,
}

/// The document's root element.
pub fn parse(text: &str) -> Result<Element, XmlError> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut open: Vec<Element> = vec![Element::default()];
    let mut count = 0usize;
    let fail = |reader: &quick_xml::Reader<&[u8]>, detail: String| XmlError {
        detail,
        at: reader.buffer_position(),
    };
    loop {
        let event = reader.read_event().map_err(|e| XmlError {
            detail: e.to_string(),
            at: reader.error_position(),
        })?;
        match event {
            Event::Start(start) | Event::Empty(start) if count >= ELEMENTS_AT_MOST => {
                let _ = start;
                return Err(fail(
                    &reader,
                    format!("more than {ELEMENTS_AT_MOST} elements"),
                ));
            }
            Event::Start(start) => {
                count += 1;
                if open.len() > DEPTH_AT_MOST {
                    return Err(fail(&reader, format!("nested deeper than {DEPTH_AT_MOST}")));
                }
                open.push(element(&start).map_err(|detail| fail(&reader, detail))?);
            }
            Event::Empty(start) => {
                count += 1;
                let done = element(&start).map_err(|detail| fail(&reader, detail))?;
                if let Some(parent) = open.last_mut() {
                    parent.children.push(done);
                }
            }
            Event::End(_) => {
                let done = open
                    .pop()
                    .filter(|_| !open.is_empty())
                    .ok_or_else(|| fail(&reader, "an end tag without its start".into()))?;
                if let Some(parent) = open.last_mut() {
                    parent.children.push(done);
                }
            }
            Event::Text(text) => {
                if let Some(current) = open.last_mut() {
                    current.text.push_str(&text.xml10_content());
                }
            }
            Event::CData(data) => {
                if let Some(current) = open.last_mut() {
                    current.text.push_str(&data.xml10_content());
                }
            }
            Event::GeneralRef(reference) => {
                let resolved = if reference.is_char_ref() {
                    reference
                        .resolve_char_ref()
                        .ok()
                        .flatten()
                        .map(String::from)
                } else {
                    quick_xml::escape::resolve_predefined_entity(&reference.xml10_content())
                        .map(str::to_string)
                };
                let resolved =
                    resolved.ok_or_else(|| fail(&reader, "an unknown entity (&…;)".to_string()))?;
                if let Some(current) = open.last_mut() {
                    current.text.push_str(&resolved);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let document = open.pop().filter(|_| open.is_empty());
    document
        .and_then(|d| d.children.into_iter().next())
        .ok_or_else(|| XmlError {
            detail: "no root element, or an element never closed".into(),
            at: text.len() as u64,
        })
}

fn element(start: &quick_xml::events::BytesStart<'_>) -> Result<Element, String> {
    let mut attributes = BTreeMap::new();
    for attribute in start.attributes() {
        let attribute = attribute.map_err(|e| e.to_string())?;
        let key = attribute.key.into_inner().to_owned();
        let value = attribute
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map_err(|e| e.to_string())?;
        attributes.insert(key, value.into_owned());
    }
    Ok(Element {
        name: start.name().into_inner().to_owned(),
        attributes,
        text: String::new(),
        children: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_attributes_text_and_entities_are_read() {
        let root = parse(
            "<?xml version=\"1.0\"?><a k=\"v &amp; w\"><b>x &lt;y&gt; &#26085;</b><c/><b>2</b></a>",
        )
        .expect("a document");
        assert_eq!(root.name, "a");
        assert_eq!(root.attribute("k"), Some("v & w"));
        assert_eq!(root.child_text("b"), "x <y> 日");
        assert_eq!(root.children_named("b").count(), 2);
        assert!(root.child("c").is_some());
    }

    #[test]
    fn a_broken_document_is_refused() {
        for text in ["<a><b></a>", "<a>", "", "<a>&nope;</a>", "<a></a></b>"] {
            assert!(parse(text).is_err(), "{text}");
        }
    }
}
