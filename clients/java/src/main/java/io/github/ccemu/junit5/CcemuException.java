package io.github.ccemu.junit5;

/**
 * ccemu could not be started, refused a control request, or could not be reached. Unchecked, so
 * that test code calls {@link Ccemu}'s members without a throws clause; the message carries what
 * ccemu said (its error message, or what it printed before it exited).
 */
public class CcemuException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CcemuException(String message) {
    super(message);
  }

  public CcemuException(String message, Throwable cause) {
    super(message, cause);
  }
}
