import FirestoreModel

/// The document ID of a `LegacyMapperCheck` case: the ID the engine draws, behind `§`, a
/// character no generated value holds (no tier of `Alphabet`, no edge string or ID, nothing
/// the mutator writes), so that a field whose value is the document ID got it from the ID (the
/// `documentIDInField` cause) and never by being drawn equal to it, as a plain field's `a` is
/// equal to the engine's simplest ID `a`.
enum LegacyDocumentID {
    /// What every case's document ID begins with.
    static let marker = "§"

    /// `drawn` with its document ID marked (an ID with no room left for the marker, at 1,500
    /// bytes, becomes the marker alone); nil when no reference can be made of it.
    static func marking(_ drawn: DocumentReference) -> DocumentReference? {
        let id = marker + drawn.documentID
        let marked = DocumentReference.problem(withID: id) == nil ? id : marker
        return try? DocumentReference(segments: drawn.segments.dropLast() + [marked], database: drawn.database)
    }
}
