//! Several printouts as one PDF: the round's sheets (pairings, slips, each as often as the
//! copies asked) in one file, so where nothing can print silently the owner prints the
//! whole round from one print dialog, never a viewer per sheet (docs/decisions.md,
//! "Printing that prints").
//!
//! Each document's objects are renumbered past the ones already taken and its pages moved
//! under one page tree, in order; what a page inherited from its own tree (its resources,
//! its paper size) is written on the page first, so nothing depends on the dropped trees.

use lopdf::{Dictionary, Document, Object, ObjectId};

use crate::PrintError;

/// What a page may inherit from the page tree above it (PDF 32000-1, 7.7.3.4).
const INHERITED: [&[u8]; 4] = [b"Resources", b"MediaBox", b"CropBox", b"Rotate"];

/// The pages of `pdfs`, in order, as one PDF.
pub fn merge(pdfs: &[Vec<u8>]) -> Result<Vec<u8>, PrintError> {
    let broken = |e: lopdf::Error| PrintError::Merge(e.to_string());
    let mut merged = Document::with_version("1.7");
    let tree = merged.new_object_id();
    let mut kids: Vec<Object> = Vec::new();
    for bytes in pdfs {
        let mut document = Document::load_mem(bytes).map_err(broken)?;
        document.renumber_objects_with(merged.max_id + 1);
        merged.max_id = merged.max_id.max(document.max_id);
        let pages: Vec<ObjectId> = document.get_pages().into_values().collect();
        let mut dropped: Vec<ObjectId> = Vec::new();
        if let Ok(root) = document.trailer.get(b"Root").and_then(Object::as_reference) {
            dropped.push(root);
        }
        for &page in &pages {
            let inherited = inherited_attributes(&document, page);
            let Ok(Object::Dictionary(dictionary)) = document.get_object_mut(page) else {
                return Err(PrintError::Merge(format!(
                    "page {page:?} is not a dictionary"
                )));
            };
            for (key, value) in inherited {
                dictionary.set(key, value);
            }
            if let Ok(parent) = dictionary.get(b"Parent").and_then(Object::as_reference) {
                dropped.push(parent);
            }
            dictionary.set("Parent", tree);
            kids.push(Object::Reference(page));
        }
        // The old page trees (and their parents) and catalogue go; every other object
        // (fonts, images, contents) comes along.
        let mut index = 0;
        while let Some(&id) = dropped.get(index) {
            index += 1;
            if let Some(Object::Dictionary(node)) = document.objects.get(&id)
                && let Ok(parent) = node.get(b"Parent").and_then(Object::as_reference)
                && !dropped.contains(&parent)
            {
                dropped.push(parent);
            }
        }
        for (id, object) in document.objects {
            if !dropped.contains(&id) {
                merged.objects.insert(id, object);
            }
        }
    }
    let count = i64::try_from(kids.len()).unwrap_or(i64::MAX);
    let mut tree_node = Dictionary::new();
    tree_node.set("Type", "Pages");
    tree_node.set("Kids", kids);
    tree_node.set("Count", count);
    merged.objects.insert(tree, Object::Dictionary(tree_node));
    let mut catalogue = Dictionary::new();
    catalogue.set("Type", "Catalog");
    catalogue.set("Pages", tree);
    let catalogue = merged.add_object(catalogue);
    merged.trailer.set("Root", catalogue);
    let mut out = Vec::new();
    merged
        .save_to(&mut out)
        .map_err(|e| PrintError::Merge(e.to_string()))?;
    Ok(out)
}

/// The attributes `page` inherits and does not set itself, the nearest tree's first.
fn inherited_attributes(document: &Document, page: ObjectId) -> Vec<(Vec<u8>, Object)> {
    let Ok(own) = document.get_dictionary(page) else {
        return Vec::new();
    };
    let mut found: Vec<(Vec<u8>, Object)> = Vec::new();
    let mut parent = own.get(b"Parent").and_then(Object::as_reference).ok();
    // A page tree is shallow; the bound keeps a damaged cycle from looping.
    for _ in 0..32 {
        let Some(node) = parent.and_then(|id| document.get_dictionary(id).ok()) else {
            break;
        };
        for key in INHERITED {
            if !own.has(key)
                && !found.iter().any(|(k, _)| k.as_slice() == key)
                && let Ok(value) = node.get(key)
            {
                found.push((key.to_vec(), value.clone()));
            }
        }
        parent = node.get(b"Parent").and_then(Object::as_reference).ok();
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-page PDF whose page says `word`, its paper size on the page tree (inherited).
    fn one_page(word: &str) -> Vec<u8> {
        use lopdf::content::{Content, Operation};
        use lopdf::{Stream, dictionary};
        let mut document = Document::with_version("1.5");
        let tree = document.new_object_id();
        let font = document.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Courier",
        });
        let content = Content {
            operations: vec![
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["F1".into(), 24.into()]),
                Operation::new("Td", vec![72.into(), 700.into()]),
                Operation::new("Tj", vec![Object::string_literal(word)]),
                Operation::new("ET", vec![]),
            ],
        };
        let contents = document.add_object(Stream::new(
            dictionary! {},
            content.encode().expect("content"),
        ));
        let page = document.add_object(dictionary! {
            "Type" => "Page", "Parent" => tree, "Contents" => contents,
        });
        document.objects.insert(
            tree,
            Object::Dictionary(dictionary! {
                "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
                "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } },
                "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
            }),
        );
        let catalogue = document.add_object(dictionary! { "Type" => "Catalog", "Pages" => tree });
        document.trailer.set("Root", catalogue);
        let mut bytes = Vec::new();
        document.save_to(&mut bytes).expect("saved");
        bytes
    }

    #[test]
    fn the_pages_come_in_order_each_with_what_it_inherited() {
        let merged =
            merge(&[one_page("first"), one_page("second"), one_page("first")]).expect("merged");
        let document = Document::load_mem(&merged).expect("a PDF");
        let pages = document.get_pages();
        assert_eq!(pages.len(), 3);
        let words: Vec<String> = pages
            .keys()
            .map(|n| {
                document
                    .extract_text(&[*n])
                    .expect("text")
                    .trim()
                    .to_string()
            })
            .collect();
        assert_eq!(words, ["first", "second", "first"]);
        for id in pages.values() {
            let page = document.get_dictionary(*id).expect("page");
            assert!(page.has(b"MediaBox") && page.has(b"Resources"), "{page:?}");
        }
    }

    #[test]
    fn something_that_is_not_a_pdf_is_refused() {
        assert!(matches!(
            merge(&[b"not a pdf".to_vec()]),
            Err(PrintError::Merge(_))
        ));
    }
}
