import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Files of documents in every form `DocumentFileReader` tells apart, each document read on
/// its own.
@Suite struct DocumentFileReaderTests {
    private let prefix = "projects/p/databases/(default)/documents/c/"

    private func document(_ id: String, fields: String = #"{"n":{"integerValue":"1"}}"#) -> String {
        #"{"name":""# + prefix + id + #"","fields":"# + fields + "}"
    }

    private func read(_ text: String) throws(FirestoreJSONError) -> DocumentFile {
        try DocumentFileReader().read(from: Array(text.utf8))
    }

    private func names(_ file: DocumentFile) -> [String?] {
        file.documents.map { try? $0.document.get().reference?.documentID }
    }

    @Test func listResponseReadsEachDocumentOnItsOwn() throws {
        let broken = document("b", fields: #"{"n":{"integerValue":"12abc"}}"#)
        let file = try read(#"{"nextPageToken":"t","documents":["# + [document("a"), broken, document("c")].joined(separator: ",") + "]}")
        #expect(file.form == .listResponse)
        #expect(file.nextPageToken == "t", "the page says the collection goes on")
        #expect(file.documents.map(\.location.pointer) == ["/documents/0", "/documents/1", "/documents/2"])
        #expect(names(file) == ["a", nil, "c"])
        guard case .failure(let error) = file.documents[1].document else { Issue.record("the broken document was read"); return }
        #expect(error.location.pointer == "/documents/1/fields/n/integerValue")
        #expect(error.valuePath == ValuePath(keys: "n"))
        #expect(error.kind == .invalidValue)
    }

    @Test func anEmptyObjectIsAnEmptyList() throws {
        let file = try read(" {} ")
        #expect(file.form == .listResponse)
        #expect(file.documents.isEmpty)
        #expect(file.absentDocuments == 0)
        #expect(file.nextPageToken == nil)
        #expect(try read(#"{"nextPageToken":""}"#).nextPageToken == nil, "an empty token is the last page's")
    }

    @Test func runQueryItemsWithoutADocumentAreSkipped() throws {
        let items = [#"{"document":"# + document("a") + #","readTime":"2024-01-01T00:00:00Z"}"#,
                     #"{"readTime":"2024-01-01T00:00:00Z","skippedResults":2}"#,
                     #"{"document":"# + document("b") + #"}"#, #"{"done":true}"#]
        let file = try read("[" + items.joined(separator: ",") + "]")
        #expect(file.form == .runQueryResponse)
        #expect(names(file) == ["a", "b"])
        #expect(file.documents.map(\.location.pointer) == ["/0/document", "/2/document"])
    }

    @Test func aRunQueryItemOfAnotherShapeIsAnError() {
        #expect(throws: FirestoreJSONError.self) { try read("[1]") }
        do {
            _ = try read(#"[{"document":"# + document("a") + #"},{"documentChange":{}}]"#)
            Issue.record("an unknown member was accepted")
        } catch {
            #expect(error.kind == .unexpectedMember)
            #expect(error.location.pointer == "/1/documentChange")
        }
    }

    @Test func aDocumentEventGivesItsValueOnly() throws {
        let file = try read(#"{"oldValue":"# + document("old") + #","value":"# + document("new") + #","updateMask":{"fieldPaths":["n"]}}"#)
        #expect(file.form == .documentEvent)
        #expect(names(file) == ["new"])
        #expect(file.documents.first?.location.pointer == "/value")
        let deleted = try read(#"{"oldValue":"# + document("old") + #","value":{}}"#)
        #expect(deleted.documents.isEmpty)
        #expect(deleted.absentDocuments == 1)
    }

    @Test func aDocumentIsReadWhole() throws {
        let file = try read(document("a"))
        #expect(file.form == .document)
        #expect(names(file) == ["a"])
        #expect(file.documents.first?.location == .root)
        do {
            _ = try read(#"{"title":"plain JSON"}"#)
            Issue.record("plain JSON was read as a document")
        } catch {
            #expect(error.kind == .unexpectedMember)
            #expect(error.location.pointer == "/title")
        }
        #expect(throws: FirestoreJSONError.self) { try read("\"text\"") }
    }

    @Test func bundleDocumentsNameTheirElement() throws {
        let elements = [#"{"documentMetadata":{"name":""# + prefix + #"a","exists":true}}"#, #"{"document":"# + document("a") + "}",
                        #"{"documentMetadata":{"name":""# + prefix + #"gone","exists":false}}"#]
        let framed = elements.map { "\($0.utf8.count)\($0)" }.joined()
        let metadata = #"{"metadata":{"id":"b","totalDocuments":2,"totalBytes":"# + "\(framed.utf8.count)}}"
        let file = try read("\(metadata.utf8.count)\(metadata)" + framed)
        #expect(file.form == .bundle)
        #expect(names(file) == ["a"])
        #expect(file.documents.first?.location.record == 2)
        #expect(file.absentDocuments == 1)
    }

    @Test func cloudEventsPayloadsReadAsDocumentEvents() throws {
        for (file, id) in [("DocumentEventData-complex.json", "IH75dRdeYJKd4uuQiqch"), ("DocumentEventData-simple.json", "2Vm2mI1d0wIaK2Waj5to")] {
            let read = try DocumentFileReader().read(from: try TestPaths.bytes(of: TestPaths.external.appendingPathComponent("google-cloudevents-firestore/\(file)")))
            #expect(read.form == .documentEvent, "\(file)")
            #expect(names(read) == [id], "\(file)")
        }
    }
}
