import FirestoreModel
import ModelSchema

/// Where in the model value one Codable decode or encode is, where the SDK's coding path parts
/// from it: inside a hand-written nested container (`FieldCoding.elementwise`, `.nested`) the
/// coders name a value by the *coder's* coding path plus its key or index, and opening a nested
/// container adds nothing to the coder's path (sdk-codable-rules §4.2, §6.1, §6.2) — so an
/// element's error is at `[1]` where the element is `levels[1]`, a field of a struct read inline
/// at `x` where it is `origin.x`. The hand-coded codecs (`HandCodedField`) open a frame for each
/// such stretch, and the first frame an error leaves records the place the error is at in the
/// model (`failurePlace`), which `CodableMapper` reports beside the SDK's coding path.
final class CodingPlaces {
    /// A stretch of coding in which the coder's coding path is `coding` while the values coded
    /// are below `logical` in the model: a value the coders name `coding + rest` is at
    /// `logical + rest`.
    struct Frame {
        /// Where in the model.
        let logical: ValuePath
        /// The coder's coding path there.
        let coding: ValuePath

        /// The place of the value the coders name `codingPath`; nil when it is not below the frame.
        func place(of codingPath: ValuePath) -> ValuePath? {
            guard coding.isPrefix(of: codingPath) else { return nil }
            return ValuePath(logical.components + codingPath.components.dropFirst(coding.count))
        }
    }

    private var frames: [Frame] = []
    /// Every frame opened so far, in order.
    private var opened: [Frame] = []
    /// The frame of the struct whose fields are being coded (set by `DynamicStruct`).
    var structFrame = Frame(logical: .root, coding: .root)
    /// Where the failure is in the model, once a frame has located it.
    private(set) var failurePlace: ValuePath?

    /// The frame of a struct coded through a container of its own, whose coding path is
    /// `containerPath` (there, the coder's path is the container's): at its place in the model.
    func frame(ofStructAt containerPath: ValuePath) -> Frame {
        guard let top = frames.last, let place = top.place(of: containerPath) else { return Frame(logical: containerPath, coding: containerPath) }
        return Frame(logical: place, coding: containerPath)
    }

    /// Runs `body` inside `frame`; an error that leaves it is located, when no inner frame did,
    /// by its coding path.
    func within<T>(_ frame: Frame, _ body: () throws -> T) throws -> T {
        frames.append(frame)
        opened.append(frame)
        defer { frames.removeLast() }
        do {
            return try body()
        } catch {
            let failure = MappingFailure(codingError: error)
            if failure.hasPath, let place = frame.place(of: failure.path) { locate(at: place) }
            throw error
        }
    }

    /// The place of a failure no frame located — one the coders report only once the whole
    /// value is coded, such as a nested container opened under a key already used — when its
    /// coding path names no place of `schema`: through the frame opened last among those with
    /// the longest coding path above it whose place is one of `schema`'s. Nil when the path
    /// names a place itself, or no frame gives one.
    func place(ofUnlocated codingPath: ValuePath, in schema: ModelSchema) -> ValuePath? {
        guard failurePlace == nil, schema.fieldType(at: codingPath) == nil else { return nil }
        let candidates = opened.enumerated().filter { $0.element.coding.isPrefix(of: codingPath) }
            .sorted { $0.element.coding.count != $1.element.coding.count ? $0.element.coding.count > $1.element.coding.count : $0.offset > $1.offset }
        return candidates.lazy.compactMap { $0.element.place(of: codingPath) }.first { schema.fieldType(at: $0) != nil }
    }

    /// Records where the failure is, unless an inner frame already did.
    func locate(at place: ValuePath) {
        if failurePlace == nil { failurePlace = place }
    }

    /// Runs `body` with `frame` as the struct frame, and puts the previous one back.
    func coding<T>(struct frame: Frame, _ body: () throws -> T) rethrows -> T {
        let previous = structFrame
        structFrame = frame
        defer { structFrame = previous }
        return try body()
    }
}
