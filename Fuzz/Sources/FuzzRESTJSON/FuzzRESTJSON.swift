// libFuzzer entry point of FuzzRESTJSON: the REST JSON document reader on any bytes, and the
// round trip of whatever it reads (`RESTJSONRoundTrip`); a failure is reported and aborts.
import Crossfire
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerInitialize")
public func fuzzRESTJSONInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    if let arguments = argv?.pointee { FuzzProcessEnvironment.ensure(arguments: arguments) }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRESTJSONTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let report = RESTJSONRoundTrip.check(Array(UnsafeBufferPointer(start: data, count: size))).report else { return 0 }
    FuzzVerdict.writeToStandardError(report)
    abort()
}
