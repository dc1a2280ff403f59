// stb_image and stb_image_write: PNG in (the gallery's thumbnails) and out (screenshots, exports).
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>
