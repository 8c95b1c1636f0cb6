import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("@DocumentID, @ServerTimestamp and @ExplicitNull")
struct WrapperTests {
    static let inner = StructSchema(name: "Inner", fields: [
        FieldSchema(name: "ref", type: .optional(.documentReference), wrapper: .documentID),
    ])
    static let withNested = ModelSchema(root: "Model", structs: [
        StructSchema(name: "Model", fields: [
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "inner", type: .structure("Inner")),
            FieldSchema(name: "list", type: .array(.structure("Inner"))),
        ]),
        inner,
    ])

    @Test func documentIDComesFromTheTopLevelReferenceAtEveryDepth() throws {
        let reference = try bookReference()
        let document: [String: Any] = ["id": "ignored", "inner": ["ref": "ignored"] as [String: Any],
                                       "list": [[String: Any](), [String: Any]()] as [Any]]
        let value = try StrictHandMapper(schema: Self.withNested).decode(document, reference: reference)
        #expect(field(value, "id") == .string("hitchhiker"))
        #expect(field(field(value, "inner"), "ref") == .reference(reference))
        guard case .array(let list)? = field(value, "list") else {
            Issue.record("list is not an array")
            return
        }
        #expect(list.map { field($0, "ref") } == [.reference(reference), .reference(reference)])
    }

    @Test func documentIDWithoutAReferenceIsInvalid() throws {
        let error = try #require(strictFailure(Self.withNested, ["inner": [String: Any](), "list": [Any]()]))
        #expect(error.kind == .invalidValue)
        #expect(error.path.description == "id")
        #expect(error.expected == "String")
        #expect(error.found == "no document reference")
        let nested = ModelSchema(root: "Model", structs: [
            StructSchema(name: "Model", fields: [FieldSchema(name: "inner", type: .structure("Inner"))]), Self.inner,
        ])
        #expect(strictFailure(nested, ["inner": [String: Any]()])?.path.description == "inner.ref")
    }

    @Test func documentIDLeftOutOfCodingKeysStaysNil() throws {
        let schema = single(.optional(.string), wrapper: .documentID)
        let uncoded = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
            FieldSchema(name: "id", keyed: false, type: .optional(.string), wrapper: .documentID),
        ])])
        #expect(field(strictValue(uncoded, [:]), "id") == .null)
        #expect(field(strictValue(uncoded, [:], reference: try bookReference()), "id") == .null)
        #expect(field(strictValue(schema, [:], reference: try bookReference()), "value") == .string("hitchhiker"))
    }

    @Test(arguments: [PropertyWrapper.serverTimestamp, .explicitNull])
    func absentWrappedKeyIsKeyNotFoundAndNullIsNil(_ wrapper: PropertyWrapper) throws {
        let schema = single(.optional(.date), wrapper: wrapper)
        let absent = try #require(strictFailure(schema, [:]))
        #expect(absent.kind == .keyNotFound)
        #expect(absent.path.description == "value")
        #expect(absent.expected == "Date?")
        #expect(absent.found == "nothing")
        #expect(field(strictValue(schema, ["value": NSNull()]), "value") == .null)
        let timestamp = Timestamp(seconds: 1_000, nanoseconds: 0)
        #expect(field(strictValue(schema, ["value": timestamp]), "value") == .date(timestamp.dateValue()))
        let wrong = try #require(strictFailure(schema, ["value": "today"]))
        #expect(wrong.kind == .typeMismatch)
        #expect(wrong.expected == "Date")
    }

    @Test func serverTimestampOfTimestampType() throws {
        let schema = single(.optional(.timestamp), wrapper: .serverTimestamp)
        let timestamp = Timestamp(seconds: 5, nanoseconds: 6)
        #expect(field(strictValue(schema, ["value": timestamp]), "value") == .timestamp(timestamp))
        let map: [String: Any] = ["seconds": Int64(5), "nanoseconds": Int64(6)]
        #expect(field(strictValue(schema, ["value": map]), "value") == .timestamp(timestamp))
    }

    @Test func encodeWrappers() throws {
        let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "created", type: .optional(.date), wrapper: .serverTimestamp),
            FieldSchema(name: "updated", type: .optional(.timestamp), wrapper: .serverTimestamp),
            FieldSchema(name: "cleared", type: .optional(.string), wrapper: .explicitNull),
            FieldSchema(name: "kept", type: .optional(.string), wrapper: .explicitNull),
            FieldSchema(name: "plain", type: .optional(.string)),
        ])])
        let date = Date(timeIntervalSince1970: 1_570_484_031.123)
        let value = ModelValue.structure([
            ModelField(name: "id", value: .string("ignored")), ModelField(name: "created", value: .null),
            ModelField(name: "updated", value: .timestamp(Timestamp(seconds: 9, nanoseconds: 1))),
            ModelField(name: "cleared", value: .null), ModelField(name: "kept", value: .string("k")),
            ModelField(name: "plain", value: .null),
        ])
        let document = try StrictHandMapper(schema: schema).encode(value)
        #expect(Set(document.keys) == ["created", "updated", "cleared", "kept"])
        let sentinel = try #require(document["created"] as? FieldValue)
        #expect(sentinel.methodName == "FieldValue.serverTimestamp()")
        #expect(document["updated"] as? Timestamp == Timestamp(seconds: 9, nanoseconds: 1))
        #expect(document["cleared"] is NSNull)
        #expect(document["kept"] as? String == "k")

        let dated = ModelValue.structure([
            ModelField(name: "id", value: .null), ModelField(name: "created", value: .date(date)),
            ModelField(name: "updated", value: .null), ModelField(name: "cleared", value: .string("c")),
            ModelField(name: "kept", value: .null), ModelField(name: "plain", value: .string("p")),
        ])
        let written = try StrictHandMapper(schema: schema).encode(dated)
        #expect(written["created"] as? Timestamp == Timestamp(date: date))
        #expect(written["plain"] as? String == "p")
        #expect(written["kept"] is NSNull)
    }
}
