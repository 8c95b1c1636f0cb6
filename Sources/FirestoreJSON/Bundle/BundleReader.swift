import Foundation
import FirestoreModel

/// Reads a Firestore bundle: length-prefixed ProtoJSON `BundleElement`s (lengths in UTF-8
/// bytes). Checks that `metadata` comes first and only there, that `totalBytes` is the number
/// of bytes after the metadata element, that `totalDocuments` counts the `documentMetadata`
/// elements, and that a `document` follows exactly the metadata that says it exists, with the
/// same name. Errors name the element (`record`) and its byte offset.
public struct BundleReader: Sendable {
    /// The limits applied to each element.
    public var options: JSONReadOptions

    /// Creates a reader with the given limits.
    public init(options: JSONReadOptions = .default) {
        self.options = options
    }

    /// Reads a bundle from its bytes.
    public func read(from bundle: some ContiguousBytes) throws(FirestoreJSONError) -> FirestoreBundle {
        let result = bundle.withUnsafeBytes { bytes in
            Result { () throws(FirestoreJSONError) in try read(bytes) }
        }
        return try result.get()
    }

    /// Reads a bundle from a string.
    public func read(from bundle: String) throws(FirestoreJSONError) -> FirestoreBundle {
        try read(from: Array(bundle.utf8))
    }

    private func read(_ bytes: UnsafeRawBufferPointer) throws(FirestoreJSONError) -> FirestoreBundle {
        let frames = try BundleFraming.frames(of: bytes)
        guard let first = frames.first else {
            throw BundleFraming.error(0, 0, expected: "a metadata element", found: "an empty bundle")
        }
        var state = BundleAssembly()
        for frame in frames {
            let tree = try JanssonInputTree.parse(UnsafeRawBufferPointer(rebasing: bytes[frame.json]), record: frame.index,
                                                  baseOffset: frame.json.lowerBound)
            try state.add(tree.rootNode, frame: frame, options: options)
        }
        let bundle = try state.finish(after: frames.last ?? first)
        let bytesAfterMetadata = bytes.count - first.json.upperBound
        guard bundle.metadata.totalBytes == bytesAfterMetadata else {
            throw FirestoreJSONError(kind: .invalidBundle, location: JSONLocation(path: ValuePath(keys: "metadata", "totalBytes"), record: 0),
                                     expected: "totalBytes equal to the \(bytesAfterMetadata) bytes after the metadata element",
                                     found: "\(bundle.metadata.totalBytes)")
        }
        guard bundle.metadata.totalDocuments == bundle.documents.count else {
            throw FirestoreJSONError(kind: .invalidBundle, location: JSONLocation(path: ValuePath(keys: "metadata", "totalDocuments"), record: 0),
                                     expected: "totalDocuments equal to the \(bundle.documents.count) documentMetadata elements",
                                     found: "\(bundle.metadata.totalDocuments)")
        }
        return bundle
    }
}

/// The elements of a bundle read so far, and the rules on their order.
private struct BundleAssembly {
    var metadata: BundleMetadata?
    var namedQueries: [FirestoreMap] = []
    var documents: [BundledDocument] = []
    /// A document whose metadata says it exists, waiting for its `document` element.
    var pending: BundledDocument?

    mutating func add(_ root: JanssonNode, frame: BundleFraming.Frame, options: JSONReadOptions) throws(FirestoreJSONError) {
        let kinds = "metadata, namedQuery, documentMetadata or document"
        guard root.kind == .object, root.count == 1, let member = root.members.first else {
            throw BundleFraming.error(frame.index, frame.start, expected: "an object with exactly one of \(kinds)", found: root.summary)
        }
        if frame.index == 0, member.key != "metadata" {
            throw BundleFraming.error(0, frame.start, expected: "the metadata element first", found: "a \(member.key) element")
        }
        if let pending, member.key != "document" {
            throw BundleFraming.error(frame.index, frame.start, expected: "the document element of \(pending.reference.path)",
                                      found: "a \(member.key) element")
        }
        var reader = RESTTreeReader(options: options, record: frame.index)
        reader.cursor.enter(member.key)
        switch member.key {
        case "metadata":
            guard frame.index == 0 else {
                throw BundleFraming.error(frame.index, frame.start, expected: "metadata only as the first element", found: "a second metadata element")
            }
            metadata = try reader.bundleMetadata(member.value)
        case "namedQuery":
            var plain = PlainTreeReader(options: options, record: frame.index)
            plain.cursor.enter(member.key)
            namedQueries.append(try plain.rootMap(member.value))
        case "documentMetadata":
            var announced = try reader.bundledDocument(member.value)
            announced.element = frame.index
            if announced.exists {
                pending = announced
            } else {
                documents.append(announced)
            }
        case "document":
            guard var announced = pending else {
                throw BundleFraming.error(frame.index, frame.start, expected: "a document only after its documentMetadata with exists: true",
                                          found: "a document element")
            }
            let document = try reader.document(member.value)
            guard document.reference == announced.reference else {
                throw BundleFraming.error(frame.index, frame.start, expected: "the document \(announced.reference.resourceName)",
                                          found: document.reference.map { "the document \($0.resourceName)" } ?? "a document without a name")
            }
            announced.document = document
            announced.element = frame.index
            documents.append(announced)
            pending = nil
        default:
            throw BundleFraming.error(frame.index, frame.start, expected: "an element of kind \(kinds)", found: "a \(member.key) element")
        }
    }

    func finish(after last: BundleFraming.Frame) throws(FirestoreJSONError) -> FirestoreBundle {
        if let pending {
            throw BundleFraming.error(last.index + 1, last.json.upperBound, expected: "the document element of \(pending.reference.path)",
                                      found: "the end of the bundle")
        }
        guard let metadata else {
            throw BundleFraming.error(0, 0, expected: "a metadata element", found: "none")
        }
        return FirestoreBundle(metadata: metadata, namedQueries: namedQueries, documents: documents)
    }
}
