import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Bundle framing: lengths in UTF-8 bytes, element order, counts.
@Suite struct BundleReaderTests {
    /// A bundle of these elements, with correct length prefixes and metadata counts unless
    /// given.
    private func bundle(_ elements: [String], totalDocuments: Int? = nil, totalBytes: Int? = nil) -> String {
        let framed = elements.map { "\($0.utf8.count)\($0)" }.joined()
        let documents = totalDocuments ?? elements.filter { $0.hasPrefix(#"{"documentMetadata""#) }.count
        let metadata = #"{"metadata":{"id":"b","createTime":"2020-01-01T00:00:00Z","version":1,"totalDocuments":"# + "\(documents)"
            + #","totalBytes":""# + "\(totalBytes ?? framed.utf8.count)" + #""}}"#
        return "\(metadata.utf8.count)\(metadata)" + framed
    }

    private let name = "projects/p/databases/(default)/documents/c/é"

    private var existing: [String] {
        [#"{"documentMetadata":{"name":""# + name + #"","readTime":"2020-01-01T00:00:00.000500000Z","exists":true,"queries":["q"]}}"#,
         #"{"document":{"name":""# + name + #"","fields":{"v":{"stringValue":"ünïcode 😀"}}}}"#]
    }

    private var deleted: String {
        #"{"documentMetadata":{"name":"projects/p/databases/(default)/documents/c/gone","exists":false}}"#
    }

    @Test func framesAreCountedInUTF8Bytes() throws {
        let text = bundle(existing + [deleted])
        let read = try BundleReader().read(from: text)
        #expect(read.metadata.id == "b")
        #expect(read.metadata.createTime == Timestamp(seconds: 1_577_836_800, nanoseconds: 0))
        #expect(read.metadata.version == 1)
        #expect(read.metadata.totalDocuments == 2)
        #expect(read.metadata.totalBytes == Int64((existing + [deleted]).map { "\($0.utf8.count)\($0)" }.joined().utf8.count))
        #expect(read.documents.count == 2)
        let first = try #require(read.documents.first)
        #expect(first.reference.documentID == "é")
        #expect(first.readTime == Timestamp(seconds: 1_577_836_800, nanoseconds: 500_000))
        #expect(first.queries == ["q"])
        #expect(first.document?.fields["v"] == .string("ünïcode 😀"))
        #expect(read.documents.last?.exists == false)
        #expect(read.documents.last?.document == nil)
    }

    private func bundleError(_ text: String) -> FirestoreJSONError? {
        #expect(throws: FirestoreJSONError.self) { try BundleReader().read(from: text) }
    }

    @Test func wrongTotalBytes() {
        let error = bundleError(bundle(existing, totalBytes: 5))
        #expect(error?.kind == .invalidBundle)
        #expect(error?.location.pointer == "/metadata/totalBytes")
        #expect(error?.location.record == 0)
        #expect(error?.found == "5")
    }

    @Test func wrongTotalDocuments() {
        let error = bundleError(bundle(existing, totalDocuments: 3))
        #expect(error?.kind == .invalidBundle)
        #expect(error?.location.pointer == "/metadata/totalDocuments")
    }

    @Test func anExistingDocumentNeedsItsDocumentElement() {
        let missing = bundleError(bundle([existing[0], deleted]))
        #expect(missing?.kind == .invalidBundle)
        #expect(missing?.location.record == 2)
        #expect(missing?.found == "a documentMetadata element")
        let atEnd = bundleError(bundle([existing[0]]))
        #expect(atEnd?.found == "the end of the bundle")
    }

    @Test func aDeletedDocumentHasNoDocumentElement() {
        let error = bundleError(bundle([deleted, existing[1]]))
        #expect(error?.kind == .invalidBundle)
        #expect(error?.location.record == 2)
        #expect(error?.expected == "a document only after its documentMetadata with exists: true")
    }

    @Test func brokenFraming() {
        let good = bundle(existing)
        let truncated = bundleError(String(good.dropLast()))
        #expect(truncated?.kind == .invalidBundle)
        #expect(truncated?.location.record == 2)
        #expect(truncated?.expected.hasSuffix("bytes of JSON after the length prefix") == true)
        let noPrefix = bundleError(good + "{}")
        #expect(noPrefix?.location.record == 3)
        #expect(noPrefix?.location.byteOffset == good.utf8.count)
        #expect(noPrefix?.found == "'{'")
        #expect(bundleError("")?.found == "an empty bundle")
        let notMetadataFirst = bundleError("\(deleted.utf8.count)\(deleted)")
        #expect(notMetadataFirst?.expected == "the metadata element first")
    }

    @Test func errorsInsideAnElementNameTheElementAndPointer() {
        var elements = existing
        elements[1] = #"{"document":{"name":""# + name + #"","fields":{"v":{"integerValue":"x"}}}}"#
        let error = bundleError(bundle(elements))
        #expect(error?.kind == .invalidValue)
        #expect(error?.location.record == 2)
        #expect(error?.location.pointer == "/document/fields/v/integerValue")
        #expect(error?.valuePath == ValuePath(keys: "v"))
        #expect(error?.description == #"at element 2, /document/fields/v/integerValue (field v): expected a decimal Int64 string or a JSON integer, found the string "x""#)
        let syntax = bundleError(bundle([existing[0], #"{"document":{"name" "x"}}"#]))
        #expect(syntax?.kind == .syntax)
        #expect(syntax?.location.record == 2)
        #expect(syntax?.location.line == 1)
    }
}
