import FirestoreModel

/// Reading the `metadata` and `documentMetadata` elements of a bundle.
extension RESTTreeReader {
    /// A `BundleMetadata` object: `id`, `createTime`, `version`, `totalDocuments`, `totalBytes`.
    mutating func bundleMetadata(_ node: JanssonNode) throws(FirestoreJSONError) -> BundleMetadata {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "a BundleMetadata object", found: node.summary)
        }
        var id: String?
        var createTime: Timestamp?
        var version: Int64?
        var totalDocuments: Int64 = 0
        var totalBytes: Int64 = 0
        for member in node.members {
            cursor.enter(member.key)
            defer { cursor.leave() }
            switch member.key {
            case "id": id = try cursor.string(member.value, "the bundle ID string")
            case "createTime": createTime = try timestamp(member.value)
            case "version": version = try counter(member.value)
            case "totalDocuments": totalDocuments = try counter(member.value)
            case "totalBytes": totalBytes = try counter(member.value)
            default:
                throw cursor.error(.unexpectedMember, expected: "only id, createTime, version, totalDocuments and totalBytes in metadata",
                                   found: "the member \(FoundText.quoted(member.key))")
            }
        }
        guard let id else {
            throw cursor.error(.missingMember, expected: "an id in the bundle metadata", found: "no id")
        }
        return BundleMetadata(id: id, createTime: createTime, version: version, totalDocuments: totalDocuments, totalBytes: totalBytes)
    }

    /// A `BundledDocumentMetadata` object: `name`, `readTime`, `exists`, `queries`.
    mutating func bundledDocument(_ node: JanssonNode) throws(FirestoreJSONError) -> BundledDocument {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "a BundledDocumentMetadata object", found: node.summary)
        }
        var reference: DocumentReference?
        var readTime: Timestamp?
        var exists = false
        var queries: [String] = []
        for member in node.members {
            cursor.enter(member.key)
            defer { cursor.leave() }
            switch member.key {
            case "name": reference = try self.reference(member.value)
            case "readTime": readTime = try timestamp(member.value)
            case "exists":
                switch member.value.kind {
                case .true: exists = true
                case .false: exists = false
                default: throw cursor.error(.wrongType, expected: "true or false", found: member.value.summary)
                }
            case "queries":
                guard member.value.kind == .array else {
                    throw cursor.error(.wrongType, expected: "an array of query names", found: member.value.summary)
                }
                for (index, query) in member.value.elements.enumerated() {
                    cursor.enter(index: index)
                    defer { cursor.leave() }
                    queries.append(try cursor.string(query, "a query name"))
                }
            default:
                throw cursor.error(.unexpectedMember, expected: "only name, readTime, exists and queries in documentMetadata",
                                   found: "the member \(FoundText.quoted(member.key))")
            }
        }
        guard let reference else {
            throw cursor.error(.missingMember, expected: "a name in the document metadata", found: "no name")
        }
        return BundledDocument(reference: reference, readTime: readTime, exists: exists, queries: queries)
    }

    /// A non-negative 64-bit counter, as a JSON integer or a decimal string (ProtoJSON writes
    /// 64-bit integers as strings, bundles often as numbers).
    private func counter(_ node: JanssonNode) throws(FirestoreJSONError) -> Int64 {
        let expected = "a non-negative integer (a JSON integer or a decimal string)"
        let value: Int64
        switch node.kind {
        case .integer:
            value = node.integer
        case .string:
            guard case .success(let parsed) = DecimalInt64Text.parse(try cursor.string(node, expected)) else {
                throw cursor.error(.invalidValue, expected: expected, found: node.summary)
            }
            value = parsed
        default:
            throw cursor.error(.wrongType, expected: expected, found: node.summary)
        }
        guard value >= 0 else { throw cursor.error(.invalidValue, expected: expected, found: node.summary) }
        return value
    }
}
