import Glibc

extension UnsafeMutablePointer<dirent> {
    /// The name of the entry `readdir(3)` returned, read in place up to its NUL.
    ///
    /// Not `withUnsafeBytes(of: pointee.d_name)`: that copies the whole 256-byte field, which reads past the end
    /// of readdir's buffer when a short entry is its last (AddressSanitizer's heap-buffer-overflow in
    /// `make sanitize-address`).
    var entryName: String {
        let field = UnsafeRawPointer(self) + MemoryLayout<dirent>.offset(of: \.d_name)!
        return String(cString: field.assumingMemoryBound(to: CChar.self))
    }
}
