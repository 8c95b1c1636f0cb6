import FirestoreJSON
import FirestoreModel

/// What one input gave a survey: its form, its documents, and what in it could not be read.
struct SurveyInputContents {
    var form: DocumentFileForm?
    var documents: [SurveyDocument] = []
    var unreadable: [SurveyUnreadable] = []
    var absent = 0

    /// Reads an input. A document without a name is unreadable: a collection's documents
    /// always have one, and `@DocumentID` is read from it.
    init(_ input: SurveyInput) {
        let file: DocumentFile
        switch input.content {
        case .unreadable(let reason):
            unreadable = [SurveyUnreadable(input: input.name, location: nil, message: reason, isWholeInput: true)]
            return
        case .read(let read):
            file = read
        case .bytes(let bytes):
            do {
                file = try DocumentFileReader().read(from: bytes)
            } catch {
                unreadable = [SurveyUnreadable(input: input.name, error: error, isWholeInput: true)]
                return
            }
        }
        form = file.form
        absent = file.absentDocuments
        for entry in file.documents {
            switch entry.document {
            case .failure(let error):
                unreadable.append(SurveyUnreadable(input: input.name, error: error, isWholeInput: file.form == .document))
            case .success(let document):
                guard let reference = document.reference else {
                    let error = FirestoreJSONError(kind: .missingMember, location: entry.location,
                                                   expected: "a document with a name (every document of a collection has one)",
                                                   found: "a Document without name")
                    unreadable.append(SurveyUnreadable(input: input.name, error: error, isWholeInput: file.form == .document))
                    continue
                }
                documents.append(SurveyDocument(reference: reference, fields: document.fields, input: input.name, location: entry.location))
            }
        }
    }

    /// Whether nothing of the input could be used.
    var isUnreadable: Bool { unreadable.contains(where: \.isWholeInput) }
}
