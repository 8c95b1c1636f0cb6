import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Every Firestore document in `Corpus/external`, read and round-tripped, with the
/// exact number found in each source.
@Suite struct ExternalDataTests {
    private func plainFile(_ relativePath: String) throws -> FirestoreValue {
        try PlainJSONReader().readValue(from: TestPaths.bytes(of: TestPaths.external.appendingPathComponent(relativePath)))
    }

    @Test func conformanceListenTests() throws {
        let folder = TestPaths.external.appendingPathComponent("firestore-conformance")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("listen-") && $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 14)
        var responseDocuments = 0
        var snapshotDocuments = 0
        var changeDocuments = 0
        for file in files {
            let listen = try plainFile("firestore-conformance/\(file)")["tests"]?.elements.first?["listen"]
            let test = try #require(listen, "\(file) has no listen test")
            for response in test["responses"]?.elements ?? [] {
                guard let document = response["documentChange"]?["document"] else { continue }
                let read = try restDocument(inPlain: document)
                #expect(read.reference?.collectionID == "C", "\(file)")
                #expect(read.fields["a"]?.kind == .integer, "\(file)")
                try assertRoundTrips(read)
                responseDocuments += 1
            }
            for snapshot in test["snapshots"]?.elements ?? [] {
                for document in snapshot["docs"]?.elements ?? [] {
                    try assertRoundTrips(try restDocument(inPlain: document))
                    snapshotDocuments += 1
                }
                for change in snapshot["changes"]?.elements ?? [] {
                    guard let document = change["doc"] else { continue }
                    try assertRoundTrips(try restDocument(inPlain: document))
                    changeDocuments += 1
                }
            }
        }
        #expect(responseDocuments == 34)
        #expect(snapshotDocuments == 30)
        #expect(changeDocuments == 36)
    }

    @Test func cloudEventsPayloads() throws {
        var documents: [RESTDocument] = []
        for file in ["DocumentEventData-complex.json", "DocumentEventData-simple.json"] {
            let event = try plainFile("google-cloudevents-firestore/\(file)")
            for member in ["value", "oldValue"] {
                let part = try #require(event[member], "\(file) has no \(member)")
                documents.append(try restDocument(inPlain: part))
            }
        }
        #expect(documents.count == 4)
        for document in documents { try assertRoundTrips(document) }

        let complex = documents[0]
        #expect(documents[1] == RESTDocument(), "oldValue {} is an empty document")
        #expect(complex.reference?.documentID == "IH75dRdeYJKd4uuQiqch")
        #expect(complex.reference?.collectionID == "gcf-test")
        let fields = complex.fields
        #expect(fields["arrayValue"] == .array([.integer(1), .integer(2)]))
        #expect(fields["booleanValue"] == .boolean(true))
        #expect(fields["doubleValue"] == .double(5.5))
        #expect(fields["geoPointValue"] == .geoPoint(GeoPoint(latitude: 51.4543, longitude: -0.9781)))
        #expect(fields["intValue"] == .integer(50))
        #expect(fields["mapValue"] == .map(["field1": .string("x"), "field2": .array([.string("x"), .integer(1)])]))
        #expect(fields["nullValue"] == .null)
        #expect(fields["referenceValue"] == .reference(try reference("foo/bar/baz/qux", database: DatabaseID(projectID: "project-id"))))
        #expect(fields["stringValue"] == .string("text"))
        #expect(fields["timestampValue"] == .timestamp(try Timestamp(rfc3339: "2020-04-23T14:23:53.241000000Z")))
        #expect(complex.createTime == (try Timestamp(rfc3339: "2020-04-23T14:25:05.349632Z")))
        let simple = documents[2]
        #expect(simple.fields["another test"] != nil)
        #expect(simple.fields["count"] == .integer(4))
        #expect(documents[3].fields["count"] == .integer(3))
    }

    @Test func tekartikRESTCapture() throws {
        let bytes = try TestPaths.bytes(of: TestPaths.external.appendingPathComponent("tekartik-firestore-rest-capture/data-types-document.json"))
        let document = try RESTJSONReader().readDocument(from: bytes)
        try assertRoundTrips(document)
        #expect(document.fields.count == 12)
        #expect(document.fields["blobVal"] == .bytes(Data([1, 2, 3])))
        #expect(document.fields["tsVal"] == .timestamp(Timestamp(seconds: 1_550_338_081, nanoseconds: 792_000_000)))
        guard case .map(let complex)? = document.fields["complexVal"], case .array(let sub)? = complex["sub"],
              case .map(let first)? = sub.first, case .array(let subList)? = first["subList"]
        else { Issue.record("complexVal does not have the shape sub[0].subList"); return }
        #expect(subList.first == .integer(1))
        #expect(document.fields["refVal"] == .reference(try reference("users/23", database: DatabaseID(projectID: "tekartik-free-dev"))))
        #expect(document.reference?.documentID == "data-types")
        #expect(document.reference?.collectionID == "tests")
        #expect(document.fields["doubleVal"] == .double(19.84))
        #expect(document.fields["geoVal"] == .geoPoint(GeoPoint(latitude: 23.03, longitude: 19.84)))
        // The capture is already canonical apart from layout: the same fields in the same order.
        let canonical = try PlainJSONReader().readValue(from: RESTJSONWriter().write(document))
        #expect(canonical == (try PlainJSONReader().readValue(from: bytes)))
    }

    @Test func bundleSpecDocuments() throws {
        let spec = try plainFile("firebase-sdk-bundle-spec/bundle_spec_test.json")
        guard case .map(let tests) = spec else { Issue.record("the spec file is not an object"); return }
        #expect(tests.count == 11)
        var bundles = 0
        var existing = 0
        var deleted = 0
        var namedQueries = 0
        for (_, test) in tests {
            for step in test["steps"]?.elements ?? [] {
                guard let text = step["loadBundle"]?.stringText else { continue }
                let bundle = try BundleReader().read(from: text)
                bundles += 1
                #expect(bundle.metadata.id == "test-bundle")
                #expect(bundle.metadata.totalBytes == Int64(text.utf8.count - Self.metadataElementLength(text)))
                namedQueries += bundle.namedQueries.count
                for bundled in bundle.documents {
                    if let document = bundled.document {
                        #expect(bundled.exists)
                        #expect(document.reference == bundled.reference)
                        #expect(document.fields["value"]?.kind == .string)
                        try assertRoundTrips(document)
                        existing += 1
                    } else {
                        #expect(!bundled.exists)
                        deleted += 1
                    }
                }
            }
        }
        #expect(bundles == 13)
        #expect(existing == 11)
        #expect(deleted == 2)
        #expect(namedQueries == 3)
    }

    /// The bytes of the first element with its length prefix, counted independently of the
    /// reader: the prefix digits plus the number they spell.
    private static func metadataElementLength(_ bundle: String) -> Int {
        let digits = bundle.utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return digits.count + (Int(String(decoding: digits, as: UTF8.self)) ?? 0)
    }
}
