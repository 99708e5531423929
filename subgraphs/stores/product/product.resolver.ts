import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { Product } from './product.entity.js';
import { CreateProductInput, ProductsArgs, UpdateProductInput } from './product.input.js';
import { ProductConnection } from './product.types.js';

const WHO_READS = 'A business token with store.products.read (its own products only) or the operator.';
const WHO_WRITES = 'A business token with store.products.write (its own products and stores only) or the operator.';

@Resolver(() => Product)
export class ProductResolver {
  @Query(() => ProductConnection, {
    description: `A page of the caller’s products (the operator: of all businesses), filtered and ordered. ${WHO_READS}`,
  })
  products(@Args(() => ProductsArgs) args: ProductsArgs, @Ctx() ctx: StoresContext): Promise<ProductConnection> {
    return ctx.products.list(args);
  }

  @Query(() => Product, {
    description: `One product; NOT_FOUND product_not_found for another business’s. ${WHO_READS}`,
  })
  product(
    @Arg('id', () => ID, { description: 'The product.' }) id: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Product> {
    return ctx.products.get(id);
  }

  @Query(() => Product, { description: `The caller’s product with this barcode (a scan at the till). ${WHO_READS}` })
  productByBarcode(
    @Arg('barcode', () => String, { description: 'The scanned digits (JAN/EAN, UPC-A or GTIN-14).' }) barcode: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Product> {
    return ctx.products.byBarcode(barcode);
  }

  @Mutation(() => Product, {
    description: `Creates a product; a taken SKU or barcode is CONFLICT sku_taken / barcode_taken. ${WHO_WRITES}`,
  })
  createProduct(
    @Arg('input', () => CreateProductInput, { description: 'The new product.' }) input: CreateProductInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Product> {
    return ctx.products.create(input);
  }

  @Mutation(() => Product, { description: `Changes the fields given of a product. ${WHO_WRITES}` })
  updateProduct(
    @Arg('input', () => UpdateProductInput, { description: 'The changes.' }) input: UpdateProductInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Product> {
    return ctx.products.update(input);
  }

  @Mutation(() => Product, {
    description: `Archives a product (idempotent); its stock and history stay. ${WHO_WRITES}`,
  })
  archiveProduct(
    @Arg('id', () => ID, { description: 'The product.' }) id: string,
    @Ctx() ctx: StoresContext,
  ): Promise<Product> {
    return ctx.products.archive(id);
  }

  @Mutation(() => Product, {
    description: `Makes a product available, or not, at a store of its business (store_not_found otherwise). ${WHO_WRITES}`,
  })
  setProductAvailability(
    @Arg('productId', () => ID, { description: 'The product.' }) productId: string,
    @Arg('storeId', () => ID, { description: 'A store of the product’s business.' }) storeId: string,
    @Arg('available', () => Boolean, { description: 'true: sold there; false: not.' }) available: boolean,
    @Ctx() ctx: StoresContext,
  ): Promise<Product> {
    return ctx.products.setAvailability(productId, storeId, available);
  }

  @FieldResolver(() => [ID], { description: 'The stores where it is available (one batched query for a list).' })
  async storeIds(@Root() product: Product, @Ctx() ctx: StoresContext): Promise<string[]> {
    return (await ctx.loaders.productStores.load(product.id)).map((link) => link.storeId);
  }
}
